import { z } from 'zod';

/**
 * Every wallet that traded a token on its curve, at the analysis moment. Wallets that had sold
 * out before migration stay (their roles matter for history) with `rank` null and `supply_pct` 0.
 */
export const HolderRow = z.object({
  mint: z.string(),
  wallet: z.string(),
  rank: z.int().nullable(),
  supply_pct: z.number(),
  sol_balance: z.number().nullable(),
  is_creator: z.boolean(),
  is_sniper: z.boolean(),
  is_insider: z.boolean(),
  is_bundle: z.boolean(),
  is_early: z.boolean(),
  is_fresh: z.boolean(),
  is_whale: z.boolean(),
  is_notable: z.boolean(),
  is_kol: z.boolean(),
  is_wash: z.boolean(),
  funder: z.string().nullable(),
  group_id: z.int().nullable(),
  first_buy_slot: z.int().nullable(),
  first_buy_at: z.number().nullable(),
  bought_sol: z.number(),
  sold_sol: z.number(),
});
export type HolderRow = z.infer<typeof HolderRow>;
