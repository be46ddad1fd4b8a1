import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { PricePathRecord, tracePricePath } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const PriceBody = z
  .union([withMeta(PricePathRecord).openapi('Price'), withMeta(NoRecordBody).openapi('PriceNoRecord')])
  .openapi('PriceResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/price/{mint}',
  tags: ['market'],
  summary: 'Price path since analysis',
  description:
    'Market cap at analysis, latest, peak and trough, drawdown and change since analysis, from 4–5 s ticks (or the stored path summary for older launches). It starts at the analysis moment; there is no bonding-curve phase. `path: null` (no feed) is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(PriceBody, 'The price path'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/price/{mint}` (0.01 USD). */
export function registerPriceRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('price'),
      () => tracePricePath(deps.store, mint, deps.now()),
      {
        asOfOf: (r) => (r.path?.last_tick_at ? Date.parse(r.path.last_tick_at) : null),
        isEmpty: (r) => r.path === null,
      },
    );
    return c.json(body, 200);
  });
}
