import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { InspectRecord, inspectToken } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const InspectBody = z
  .union([withMeta(InspectRecord).openapi('Inspect'), withMeta(NoRecordBody).openapi('InspectNoRecord')])
  .openapi('InspectResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/inspect/{mint}',
  tags: ['identity'],
  summary: 'Holder and wallet-class detail of one token',
  description:
    'Activity, wallet groups, holder wealth (top-50 SOL), top holders, tracked traders, trading patterns and wallet classes as recorded at migration. No record: coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(InspectBody, 'The inspect record'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/inspect/{mint}` (0.01 USD). */
export function registerInspectRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('inspect'),
      () => inspectToken(deps.store, mint, deps.now()),
      {
        asOfOf: (r) => Date.parse(r.analyzed_at),
      },
    );
    return c.json(body, 200);
  });
}
