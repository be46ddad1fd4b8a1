import { z } from '@hono/zod-openapi';
import { microsToCredits } from './price-of.js';
import { PRICE_TABLE } from './price-table.js';
import { usdToMicros } from './usd-micros.js';

export const Plan = z
  .object({
    name: z.string(),
    usd_per_month: z.number(),
    credits_per_month: z.int(),
    usd_per_1000_credits: z.number(),
    rate_limit_per_min: z.int(),
    calls_per_month: z
      .record(z.string(), z.int())
      .openapi({ description: 'What the monthly credits buy of each per-call route, at the price table' }),
  })
  .openapi('Plan');
export type Plan = z.infer<typeof Plan>;

/**
 * The monthly plan ladder of `GET /v1/plans`: each plan is a monthly credit grant bought at the
 * deposit package rate of its size (DESIGN §5: 2000, 2600, 3200, 4000 credits per USD), so a plan
 * is never cheaper or dearer per credit than the same deposit. Calls are priced by the one table.
 */
export const PLAN_TIERS = [
  { name: 'starter', usd_per_month: 25, credits_per_usd: 2000, rate_limit_per_min: 600 },
  { name: 'builder', usd_per_month: 100, credits_per_usd: 2600, rate_limit_per_min: 1200 },
  { name: 'scale', usd_per_month: 500, credits_per_usd: 3200, rate_limit_per_min: 3000 },
  { name: 'pro', usd_per_month: 2000, credits_per_usd: 4000, rate_limit_per_min: 6000 },
] as const;

/** The limit of a key without a running plan, and of keyless callers (API-SPEC §8). */
export const PLAN_RATE_LIMIT_PER_MIN = 300;

/** Builds the plan ladder from the tiers and the price table. */
export function buildPlanLadder(): Plan[] {
  const perCall = PRICE_TABLE.filter((p) => !('unit' in p) && !('pageSize' in p) && !('query' in p));
  return PLAN_TIERS.map((t) => {
    const credits = t.usd_per_month * t.credits_per_usd;
    return {
      name: t.name,
      usd_per_month: t.usd_per_month,
      credits_per_month: credits,
      usd_per_1000_credits: Math.round((1000 / t.credits_per_usd) * 10000) / 10000,
      rate_limit_per_min: t.rate_limit_per_min,
      calls_per_month: Object.fromEntries(
        perCall.map((p) => [
          `${p.method} ${p.path}`,
          Math.floor(credits / microsToCredits(usdToMicros(p.usd))),
        ]),
      ),
    };
  });
}
