import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { CohortRequest, CohortStats, queryCohort } from '@launchlens/engine';
import type { CohortResult } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';

export const CohortBody = withMeta(
  z.object({
    cohort: CohortStats.nullable(),
    filters: z.record(z.string(), z.object({ min: z.number().optional(), max: z.number().optional() })),
    window_days: z.int(),
    window: z.object({ from: z.string(), to: z.string() }),
    disclaimer: z.string(),
    says: z.string(),
  }),
).openapi('Cohort');

const route = createRoute({
  method: 'post',
  path: '/v1/cohort',
  tags: ['risk'],
  summary: 'Outcome statistics of a cohort',
  description:
    'Settled tokens analysed in the last `window_days` (7–90, default 30) whose fields fall within up to six `{min, max}` filters (fields from `GET /v1/cohort/fields`): rug rate with its Wilson 95 % interval against the base rate, peak-gain percentiles and timings. An empty cohort (`cohort: null`) is not charged.',
  security: API_KEY_SECURITY,
  request: { body: { required: true, content: { 'application/json': { schema: CohortRequest } } } },
  responses: {
    200: jsonResponse(CohortBody, 'Cohort statistics'),
    ...errorResponses(...PAID_ERRORS, 413, 415),
  },
});

/** `POST /v1/cohort` (0.03 USD). */
export function registerCohortRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const request = c.req.valid('json');
    const body = await servePaid<CohortResult>(c, deps, priceOf('cohort'), async () => {
      const result = await queryCohort(deps.store, request, deps.now());
      return {
        body: result,
        coverage: result.cohort === null ? 'none' : 'full',
        asOf: Date.parse(deps.manifest.current_through),
        billable: result.cohort !== null,
      };
    });
    return c.json(body, 200);
  });
}
