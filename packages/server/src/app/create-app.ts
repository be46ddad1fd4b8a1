import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { registerDiscoveryRoutes } from '../discovery/register-discovery-routes.js';
import { describeIssues } from '../errors/describe-issues.js';
import { handleError } from '../errors/handle-error.js';
import { ServerError } from '../errors/server-error.js';
import { authenticate, refuseDeadKey } from '../middleware/authenticate.js';
import { limitBody } from '../middleware/limit-body.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { requestContext } from '../middleware/request-context.js';
import { requireJson } from '../middleware/require-json.js';
import { registerCohortFieldsRoute } from '../routes/cohort-fields-route.js';
import { registerCohortRoute } from '../routes/cohort-route.js';
import { registerCoverageRoute } from '../routes/coverage-route.js';
import { registerKeysRoutes } from '../routes/keys-route.js';
import { notFound } from '../routes/not-found.js';
import { registerPlansRoute } from '../routes/plans-route.js';
import { indexRoutes, type RealRoute } from '../routes/route-index.js';
import { registerScorecardRoute } from '../routes/scorecard-route.js';
import { registerScreenRoute } from '../routes/screen-route.js';
import { registerX402DiscoveryRoute } from '../routes/x402-discovery-route.js';
import type { AppDeps } from './app-deps.js';
import type { AppEnv } from './app-env.js';

/** The socket's remote address (Node server); `unknown` when there is none, as under `app.request()`. */
function socketIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Builds the HTTP app from injected dependencies; it reads no environment and no globals. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = describeIssues(result.error, result.target);
        throw new ServerError('invalid_input', issues.map((i) => i.message).join('; '), {
          details: { issues },
        });
      }
    },
  });
  app.onError(handleError(deps));
  app.use(
    '*',
    requestContext(deps),
    rateLimit({ limiter: deps.limiter, clientIp: deps.clientIp ?? socketIp }),
    requireJson(),
    limitBody(),
    authenticate(deps.ledger),
    refuseDeadKey(),
  );

  registerCoverageRoute(app, deps);
  registerPlansRoute(app, deps);
  registerKeysRoutes(app, deps);
  registerX402DiscoveryRoute(app, deps);
  registerCohortFieldsRoute(app, deps);
  registerCohortRoute(app, deps);
  if (deps.risk) {
    registerScreenRoute(app, deps, deps.risk);
    registerScorecardRoute(app, deps, deps.risk);
  }
  registerDiscoveryRoutes(app, deps);

  let index: RealRoute[] | null = null;
  app.notFound(notFound(() => (index ??= indexRoutes(app.routes)), deps.now));
  return app;
}
