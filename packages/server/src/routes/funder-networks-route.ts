import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { FunderNetworksRequest, rankFunderNetworks } from '@launchlens/engine';
import { FunderNetworksPage } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { numberQuery } from './params.js';

export const FunderNetworksBody = withMeta(FunderNetworksPage).openapi('FunderNetworks');

const Query = z.object({
  min_wallets: numberQuery('min_wallets', FunderNetworksRequest.shape.min_wallets),
  limit: numberQuery('limit', FunderNetworksRequest.shape.limit),
});

const route = createRoute({
  method: 'get',
  path: '/v1/funder-networks',
  tags: ['identity'],
  summary: 'Funders behind many holder wallets',
  description:
    'Wallets that first funded at least `min_wallets` (2–1000, default 3) traders, with the exchange name when the funder is a known address. Priced per page of 25 rows: with credits the pages delivered (`ceil(rows / 25)`, never more than asked); an x402 challenge quotes before the answer exists, so it quotes the pages asked (`ceil(limit / 25)`). No funder is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { query: Query },
  responses: {
    200: jsonResponse(FunderNetworksBody, 'Funders behind many holder wallets'),
    ...errorResponses(...PAID_ERRORS),
  },
});

/** `GET /v1/funder-networks` (priced per page of 25 rows). */
export function registerFunderNetworksRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const request = FunderNetworksRequest.parse(c.req.valid('query'));
    const body = await servePaid<FunderNetworksPage>(
      c,
      deps,
      priceOf('funder_networks', { limit: request.limit }),
      async () => {
        const page = await rankFunderNetworks(deps.store, request, deps.now(), {
          index: deps.identityIndex?.(),
        });
        const empty = page.funders.length === 0;
        return {
          body: page,
          coverage: empty ? 'none' : 'full',
          asOf: Date.parse(deps.manifest.current_through),
          billable: !empty,
          rows: page.funders.length,
        };
      },
    );
    return c.json(body, 200);
  });
}
