import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { listCohortFields, MAX_COHORT_FILTERS } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

export const CohortFieldsBody = withMeta(
  z.object({
    fields: z.array(
      z.object({
        name: z.string(),
        type: z.enum(['integer', 'number']),
        description: z.string(),
        min: z.number().nullable(),
        max: z.number().nullable(),
      }),
    ),
    max_filters: z.int(),
    window_days: z.object({ min: z.int(), max: z.int(), default: z.int() }),
    says: z.string(),
  }),
).openapi('CohortFields');

const route = createRoute({
  method: 'get',
  path: '/v1/cohort/fields',
  tags: ['free'],
  summary: 'Queryable cohort fields and their bounds',
  description:
    'Free. Every field `POST /v1/cohort` can filter on, with its type and the smallest and largest value in the index.',
  responses: {
    200: jsonResponse(CohortFieldsBody, 'The field catalogue'),
    ...errorResponses(...COMMON_ERRORS),
  },
});

/** `GET /v1/cohort/fields`. */
export function registerCohortFieldsRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const fields = await listCohortFields(deps.store);
    return c.json(
      {
        fields,
        max_filters: MAX_COHORT_FILTERS,
        window_days: { min: 7, max: 90, default: 30 },
        says: `${fields.length} fields can be filtered with {min, max}, up to ${MAX_COHORT_FILTERS} at once.`,
        _meta: freeMeta(c, deps, { asOf: Date.parse(deps.manifest.current_through) }),
      },
      200,
    );
  });
}
