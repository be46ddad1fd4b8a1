import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { mapTokenWeb, TokenWeb } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const WebBody = z
  .union([withMeta(TokenWeb).openapi('Web'), withMeta(NoRecordBody).openapi('WebNoRecord')])
  .openapi('WebResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/web/{mint}',
  tags: ['identity'],
  summary: 'Launches tied to a token through wallets',
  description:
    'Launches the token is tied to through shared wallets or the same creator, each with its outcome and recorded peak. No tied launch is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: {
    200: jsonResponse(WebBody, 'Launches tied to a token through wallets'),
    ...errorResponses(...PAID_ERRORS),
  },
});

/** `GET /v1/web/{mint}`. */
export function registerWebRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('web'),
      () => mapTokenWeb(deps.store, mint, deps.now(), { index: deps.identityIndex?.() }),
      { isEmpty: (r) => r.launches_total === 0 },
    );
    return c.json(body, 200);
  });
}
