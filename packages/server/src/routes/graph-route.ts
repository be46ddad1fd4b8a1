import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { GraphRecord, graphToken } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const GraphBody = z
  .union([withMeta(GraphRecord).openapi('Graph'), withMeta(NoRecordBody).openapi('GraphNoRecord')])
  .openapi('GraphResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/graph/{mint}',
  tags: ['identity'],
  summary: 'Wallet graph and clusters of one token',
  description:
    'Funding, co-buy and transfer edges between the token’s wallets, clusters and roles. Arrays are capped; compare `edges_total` and `members_total` with the array lengths to detect truncation. A token with no edges and no members is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(GraphBody, 'The graph record'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/graph/{mint}` (0.04 USD). */
export function registerGraphRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(
      c,
      deps,
      priceOf('graph'),
      () => graphToken(deps.store, mint, deps.now(), { index: deps.identityIndex?.() }),
      {
        isEmpty: (r) => r.edges_total === 0 && r.members_total === 0,
      },
    );
    return c.json(body, 200);
  });
}
