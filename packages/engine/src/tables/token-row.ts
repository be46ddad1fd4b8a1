import { z } from 'zod';

export const Platform = z.enum(['pumpfun', 'letsbonk']);
export type Platform = z.infer<typeof Platform>;

export const AuthorityState = z.enum(['revoked', 'active']);
export type AuthorityState = z.infer<typeof AuthorityState>;

export const LpState = z.enum(['burned', 'locked', 'unlocked']);
export type LpState = z.infer<typeof LpState>;

/** One token at its analysis moment (= migration off the bonding curve). */
export const TokenRow = z.object({
  mint: z.string(),
  platform: Platform,
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  creator: z.string(),
  created_at: z.number(),
  created_slot: z.int(),
  analyzed_at: z.number(),
  analyzed_slot: z.int(),
  pool: z.string().nullable(),
  mcap_at_analysis_usd: z.number().nullable(),
  price_at_analysis_usd: z.number().nullable(),
  liquidity_at_analysis_usd: z.number().nullable(),
  sol_usd_at_analysis: z.number(),
  holders: z.int(),
  top1_pct: z.number().nullable(),
  top10_pct: z.number().nullable(),
  snipers_n: z.int(),
  snipers_pct: z.number(),
  block0_snipers_n: z.int(),
  insiders_n: z.int(),
  insiders_pct: z.number(),
  bundle_n: z.int(),
  bundled_pct: z.number(),
  fresh_n: z.int(),
  fresh_pct: z.number(),
  early_n: z.int(),
  early_pct: z.number(),
  groups_n: z.int(),
  groups_pct: z.number(),
  whales_n: z.int(),
  kols_n: z.int(),
  dev_pct: z.number(),
  dev_sold: z.boolean(),
  mint_authority: AuthorityState.nullable(),
  freeze_authority: AuthorityState.nullable(),
  lp_state: LpState.nullable(),
  tx_analyzed: z.int(),
  fee_cost_sol: z.number(),
  scalp_score: z.number(),
  wash_share: z.number(),
  skipped: z.boolean(),
  skip_reason: z.string().nullable(),
});
export type TokenRow = z.infer<typeof TokenRow>;
