import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { CompareRecord, compareTokens } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
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
    'Wallets present in several of the tokens, with their roles. Mints not held are listed in `not_covered` and the rest is answered with coverage `partial` (all held: `full`; none held: `none`). No shared wallet (or fewer than two mints held) is an empty result, not charged, with the coverage of what is held. More than four: send in pairs.',
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
    // Coverage says what is held (API-SPEC §2.1, §4.2): some mints not held is `partial`, all held
    // `full`, none `none`; no shared wallet is an empty result, free, whatever the coverage.
    const body = await servePaid<CompareRecord | NoRecordBody>(c, deps, priceOf('compare'), async () => {
      const answer = await compareTokens(deps.store, request, deps.now());
      if (answer.kind === 'none') return { body: answer, coverage: 'none', asOf: null, billable: false };
      return {
        body: answer.record,
        coverage: answer.coverage,
        asOf: Date.parse(deps.manifest.current_through),
        billable: answer.record.count > 0,
      };
    });
    return c.json(body, 200);
  });
}
