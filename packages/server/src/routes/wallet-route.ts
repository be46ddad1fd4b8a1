import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { vetWallet, WalletRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { AddressParams, NoRecordBody } from './params.js';

export const WalletBody = z
  .union([withMeta(WalletRecord).openapi('Wallet'), withMeta(NoRecordBody).openapi('WalletNoRecord')])
  .openapi('WalletResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/wallet/{address}',
  tags: ['identity'],
  summary: 'Vet one wallet',
  description:
    'Launches the wallet appeared in, its roles and results, funding and labels (exchange, KOL), as of now. A wallet never seen is coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: AddressParams },
  responses: { 200: jsonResponse(WalletBody, 'Vet one wallet'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/wallet/{address}`. */
export function registerWalletRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { address } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('wallet'),
      () => vetWallet(deps.store, address, deps.now()),
      { isEmpty: (r) => r.launches_seen === 0 },
    );
    return c.json(body, 200);
  });
}
