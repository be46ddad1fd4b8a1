import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { mapWalletNetwork, WalletNetwork } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { AddressParams, NoRecordBody } from './params.js';

export const WalletNetworkBody = z
  .union([
    withMeta(WalletNetwork).openapi('WalletNetwork'),
    withMeta(NoRecordBody).openapi('WalletNetworkNoRecord'),
  ])
  .openapi('WalletNetworkResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/wallet/{address}/network',
  tags: ['identity'],
  summary: 'Direct ties of a wallet',
  description:
    'Wallets tied to this one by funding, co-buys or transfers, with direction and onward connections. No tie is coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: AddressParams },
  responses: {
    200: jsonResponse(WalletNetworkBody, 'Direct ties of a wallet'),
    ...errorResponses(...PAID_ERRORS),
  },
});

/** `GET /v1/wallet/{address}/network`. */
export function registerWalletNetworkRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { address } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('wallet_network'),
      () => mapWalletNetwork(deps.store, address, deps.now()),
      { isEmpty: (r) => r.ties_total === 0 },
    );
    return c.json(body, 200);
  });
}
