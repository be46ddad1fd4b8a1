import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { postOnDelivery } from '../billing/post-on-delivery.js';
import { createIdentityKeeper } from '../cache/identity-keeper.js';
import { registerDiscoveryRoutes } from '../discovery/register-discovery-routes.js';
import { handleError } from '../errors/handle-error.js';
import { invalidInput } from '../errors/invalid-input.js';
import { allowBrowsers } from '../middleware/allow-browsers.js';
import { authenticate, refuseDeadKey } from '../middleware/authenticate.js';
import { limitBody } from '../middleware/limit-body.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { requestContext } from '../middleware/request-context.js';
import { requireJson } from '../middleware/require-json.js';
import { registerAnalyzeRoutes } from '../routes/analyze-route.js';
import { registerChangesRoute } from '../routes/changes-route.js';
import { registerCohortFieldsRoute } from '../routes/cohort-fields-route.js';
import { registerCohortRoute } from '../routes/cohort-route.js';
import { registerCompareRoute } from '../routes/compare-route.js';
import { registerCoverageRoute } from '../routes/coverage-route.js';
import { registerDepositCreditRoute } from '../routes/deposit-credit-route.js';
import { registerDepositInfoRoute } from '../routes/deposit-info-route.js';
import { registerDiscoverRoute } from '../routes/discover-route.js';
import { registerExitRoute } from '../routes/exit-route.js';
import { registerFunderNetworksRoute } from '../routes/funder-networks-route.js';
import { registerGraphRoute } from '../routes/graph-route.js';
import { registerIdentityRoute } from '../routes/identity-route.js';
import { registerInspectRoute } from '../routes/inspect-route.js';
import { registerKeysRoutes } from '../routes/keys-route.js';
import { registerKolRoute } from '../routes/kol-route.js';
import { registerKolsRoute } from '../routes/kols-route.js';
import { notFound } from '../routes/not-found.js';
import { registerPlansRoute } from '../routes/plans-route.js';
import { registerPriceRoute } from '../routes/price-route.js';
import { registerReportRoute } from '../routes/report-route.js';
import { indexRoutes, type RealRoute } from '../routes/route-index.js';
import { registerSampleRoute } from '../routes/sample-route.js';
import { registerScorecardRoute } from '../routes/scorecard-route.js';
import { registerScreenRoute } from '../routes/screen-route.js';
import { registerSearchRoute } from '../routes/search-route.js';
import { registerSerialInsidersRoute } from '../routes/serial-insiders-route.js';
import { registerStreamKolsRoute } from '../routes/stream-kols-route.js';
import { registerStreamMigrationsRoute } from '../routes/stream-migrations-route.js';
import { registerStreamWalletsRoute } from '../routes/stream-wallets-route.js';
import { registerWalletNetworkRoute } from '../routes/wallet-network-route.js';
import { registerWalletRoute } from '../routes/wallet-route.js';
import { registerWalletsRoute } from '../routes/wallets-route.js';
import { registerWebRoute } from '../routes/web-route.js';
import { registerX402DiscoveryRoute } from '../routes/x402-discovery-route.js';
import { registerTrackRecordRoutes } from '../track-record/register-track-record-routes.js';
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
      if (!result.success) throw invalidInput(result.error, result.target);
    },
  });
  app.onError(handleError(deps));
  app.use(
    '*',
    allowBrowsers(),
    requestContext(deps),
    postOnDelivery(deps),
    rateLimit({ limiter: deps.limiter, clientIp: deps.clientIp ?? socketIp }),
    requireJson(),
    limitBody(),
    authenticate(deps.ledger),
    refuseDeadKey(),
  );

  registerCoverageRoute(app, deps);
  registerPlansRoute(app, deps);
  registerKeysRoutes(app, deps);
  registerDepositInfoRoute(app, deps);
  registerDepositCreditRoute(app, deps);
  registerX402DiscoveryRoute(app, deps);
  registerCohortFieldsRoute(app, deps);
  registerCohortRoute(app, deps);
  registerInspectRoute(app, deps);
  const identify = createIdentityKeeper(deps.store, deps.now, deps.identityIndex);
  registerIdentityRoute(app, deps, identify);
  registerGraphRoute(app, deps);
  registerCompareRoute(app, deps);
  registerPriceRoute(app, deps);
  registerWalletRoute(app, deps);
  registerWalletNetworkRoute(app, deps);
  registerWebRoute(app, deps);
  registerWalletsRoute(app, deps);
  registerKolRoute(app, deps);
  registerKolsRoute(app, deps);
  registerFunderNetworksRoute(app, deps);
  registerSerialInsidersRoute(app, deps);
  if (deps.risk) {
    registerScreenRoute(app, deps, deps.risk);
    registerScorecardRoute(app, deps, deps.risk);
    registerReportRoute(app, deps, deps.risk, identify);
    registerSampleRoute(app, deps, deps.risk, identify);
    registerSearchRoute(app, deps, deps.risk);
    registerDiscoverRoute(app, deps, deps.risk);
  }
  if (deps.streams) {
    registerStreamMigrationsRoute(app, deps.streams);
    registerStreamKolsRoute(app, deps.streams);
    registerStreamWalletsRoute(app, deps.streams);
  }
  if (deps.chain) {
    registerChangesRoute(app, deps, deps.chain);
    if (deps.quotes) registerExitRoute(app, deps, deps.chain, deps.quotes);
    if (deps.risk) registerAnalyzeRoutes(app, deps, deps.risk, deps.chain, deps.quotes);
  }
  if (deps.trackRecord) registerTrackRecordRoutes(app, deps, deps.trackRecord);
  registerDiscoveryRoutes(app, deps);

  let index: RealRoute[] | null = null;
  app.notFound(notFound(() => (index ??= indexRoutes(app.routes)), deps.now));
  return app;
}
