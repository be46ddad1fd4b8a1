import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { listTokenWallets, TokenWallets } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const WalletsBody = z
  .union([withMeta(TokenWallets).openapi('Wallets'), withMeta(NoRecordBody).openapi('WalletsNoRecord')])
  .openapi('WalletsResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/wallets/{mint}',
  tags: ['identity'],
  summary: 'Wallet addresses of a token by role',
  description:
    'Addresses of the token’s insider, sniper, early, fresh (with funder), wash and KOL wallets (capped; `totals` has the true counts).',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: {
    200: jsonResponse(WalletsBody, 'Wallet addresses of a token by role'),
    ...errorResponses(...PAID_ERRORS),
  },
});

/** `GET /v1/wallets/{mint}`. */
export function registerWalletsRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(c, deps, priceOf('wallets'), () =>
      listTokenWallets(deps.store, mint, deps.now()),
    );
    return c.json(body, 200);
  });
}
