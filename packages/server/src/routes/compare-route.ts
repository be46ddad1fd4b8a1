import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { CompareRecord, compareTokens } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { serveCovered } from '../billing/serve-covered.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { isSolanaAddress, NoRecordBody } from './params.js';

export const CompareBodyRequest = z
  .object({
    mints: z
      .array(
        z.string().refine(isSolanaAddress, { error: 'each mint must be a base58 Solana address (32 bytes)' }),
      )
      .min(2)
      .max(4)
      .refine((m) => new Set(m).size === m.length, { error: 'mints must be distinct' }),
  })
  .strict()
  .openapi('CompareRequest');

export const CompareBody = z
  .union([withMeta(CompareRecord).openapi('Compare'), withMeta(NoRecordBody).openapi('CompareNoRecord')])
  .openapi('CompareResponse');

const route = createRoute({
  method: 'post',
  path: '/v1/compare',
  tags: ['identity'],
  summary: 'Wallets shared by 2–4 tokens',
  description:
    'Wallets present in several of the tokens, with their roles. Mints not held are listed in `not_covered` and the rest is answered with coverage `partial`; none held is coverage `none`. No shared wallet is an empty result, not charged. More than four: send in pairs.',
  security: API_KEY_SECURITY,
  request: { body: { required: true, content: { 'application/json': { schema: CompareBodyRequest } } } },
  responses: {
    200: jsonResponse(CompareBody, 'Shared wallets'),
    ...errorResponses(...PAID_ERRORS, 413, 415),
  },
});

/** `POST /v1/compare` (0.03 USD). */
export function registerCompareRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const request = c.req.valid('json');
    const body = await serveCovered(
      c,
      deps,
      priceOf('compare'),
      () => compareTokens(deps.store, request, deps.now()),
      {
        isEmpty: (r) => r.count === 0,
      },
    );
    return c.json(body, 200);
  });
}
