import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { depositAddressOf, referenceOf } from '../payments/verify-key-transfer.js';
import { PLAN_TIERS } from '../pricing/plan-ladder.js';
import { CREDITS_PER_USD } from '../pricing/price-table.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

/** One-time bonus on a wallet's first settled deposit of at least 10 USD (API-SPEC §5.2). */
export const WELCOME_BONUS = { credits: 10_000, min_deposit_usd: 10 } as const;

export const DepositInfoBody = withMeta(
  z.object({
    pay_to: z.string(),
    asset: z.string(),
    network: z.string(),
    base_credits_per_usd: z.int(),
    packages: z.array(
      z.object({
        name: z.string(),
        min_deposit_usd: z.number(),
        credits_per_usd: z.int(),
        credits_at_min: z.int(),
      }),
    ),
    welcome_bonus: z.object({ credits: z.int(), min_deposit_usd: z.number() }),
    reference: z.string().optional().openapi({
      description:
        'With a key: the Solana Pay reference of this key. Add it as a read-only account of the transfer so the deposit credits this key.',
    }),
    solana_pay_url: z
      .string()
      .optional()
      .openapi({ description: 'With a key: a Solana Pay transfer request carrying the reference' }),
    says: z.string(),
  }),
).openapi('DepositInfo');

const route = createRoute({
  method: 'get',
  path: '/v1/credits/deposit',
  tags: ['keys'],
  summary: 'Where to send USDC for credits, and the rates',
  description:
    "Free and keyless. The USDC deposit address (`pay_to`) and the credit rate by deposit size: below 25 USD and from 25 USD 2000 credits per USD, from 100 USD 2600, from 500 USD 3200, from 2000 USD 4000. With `X-API-Key` the answer adds the key's Solana Pay `reference` and a `solana_pay_url`: a transfer carrying the reference (or sent later from a wallet already bound to the key) is credited by `POST /v1/credits/deposit`.",
  responses: {
    200: jsonResponse(DepositInfoBody, 'Deposit address and rates'),
    ...errorResponses(...COMMON_ERRORS),
  },
});

/** `GET /v1/credits/deposit`: address and rates; with a key also its reference and a Solana Pay URL. */
export function registerDepositInfoRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const packages = PLAN_TIERS.map((t) => ({
    name: t.name,
    min_deposit_usd: t.usd_per_month,
    credits_per_usd: t.credits_per_usd,
    credits_at_min: t.usd_per_month * t.credits_per_usd,
  }));
  app.openapi(route, async (c) => {
    const key = c.get('apiKey');
    const payTo = depositAddressOf(deps);
    const reference = key === null ? undefined : await referenceOf(deps, key.id);
    const forKey =
      reference === undefined
        ? {}
        : {
            reference,
            solana_pay_url: `solana:${payTo}?spl-token=${deps.x402.asset}&reference=${reference}&label=launchlens&message=${encodeURIComponent(`credits for ${key!.id}`)}`,
          };
    return c.json(
      {
        pay_to: payTo,
        asset: deps.x402.asset,
        network: deps.x402.network,
        base_credits_per_usd: CREDITS_PER_USD,
        packages,
        welcome_bonus: WELCOME_BONUS,
        ...forKey,
        says:
          reference === undefined
            ? `Send USDC to ${payTo}; 25 USD buys 50,000 credits, 2,000 USD buys 8,000,000. Present a key to get its deposit reference.`
            : `Send USDC to ${payTo} with reference ${reference}, then POST the signature to /v1/credits/deposit.`,
        _meta: freeMeta(c, deps),
      },
      200,
    );
  });
}
