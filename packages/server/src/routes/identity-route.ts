import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { IdentityRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import type { IdentityKeeper } from '../cache/identity-keeper.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const IdentityBody = z
  .union([withMeta(IdentityRecord).openapi('Identity'), withMeta(NoRecordBody).openapi('IdentityNoRecord')])
  .openapi('IdentityResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/identity/{mint}',
  tags: ['identity'],
  summary: 'Creator, holder history and sibling tokens',
  description:
    'What the token’s wallets did before its analysis moment: creator history, holders with earlier launches, serial insiders and snipers, sibling tokens and their outcomes, measured upside. A token with no history at all (no wallet seen before, no sibling, no earlier launch by the creator) is an empty result: coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(IdentityBody, 'The identity record'), ...errorResponses(...PAID_ERRORS) },
});

/** An identity with nothing found before the analysis moment. */
export function isEmptyIdentity(r: IdentityRecord): boolean {
  return (
    r.identity.holders_with_history === 0 &&
    r.sibling_tokens_total === 0 &&
    (r.creator === null || r.creator.prior_launches === 0)
  );
}

/** `GET /v1/identity/{mint}` (0.03 USD). */
export function registerIdentityRoute(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  identify: IdentityKeeper,
): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    const body = await serveCovered(c, deps, priceOf('identity'), () => identify(mint), {
      asOfOf: (r) => Date.parse(r.history_until),
      isEmpty: isEmptyIdentity,
    });
    return c.json(body, 200);
  });
}
