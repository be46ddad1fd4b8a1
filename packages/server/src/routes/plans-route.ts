import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { buildPlanLadder, Plan } from '../pricing/plan-ladder.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

export const PlansBody = withMeta(z.object({ plans: z.array(Plan), says: z.string() })).openapi('Plans');

const route = createRoute({
  method: 'get',
  path: '/v1/plans',
  tags: ['free'],
  summary: 'Monthly plan ladder',
  description:
    'Free and keyless, for human dashboards; agents pay per call. Each plan is a monthly credit grant priced at the deposit package rate of its size; `calls_per_month` is what those credits buy of each per-call route at the published price list.',
  responses: { 200: jsonResponse(PlansBody, 'The plans'), ...errorResponses(...COMMON_ERRORS) },
});

/** `GET /v1/plans`. */
export function registerPlansRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const plans = buildPlanLadder();
  app.openapi(route, (c) => {
    const says = `${plans.length} monthly plans from ${plans[0].usd_per_month} to ${plans.at(-1)!.usd_per_month} USD; calls are priced by the same list as pay-per-call.`;
    return c.json({ plans, says, _meta: freeMeta(c, deps) }, 200);
  });
}
