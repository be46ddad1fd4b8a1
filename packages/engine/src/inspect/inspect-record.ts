import { z } from 'zod';
import { Platform } from '../tables/token-row.js';

const ClassShare = z.object({
  count: z.int(),
  /** Share of total supply the class still held at migration (0–100). */
  supply_pct: z.number(),
});

/** API-SPEC §2.3 inspect record: who held the token at its analysis moment and how it traded. */
export const InspectRecord = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  platform: Platform,
  analyzed_at: z.string(),
  /** Wallets holding at migration (curve, pool and burn accounts excluded). */
  holders: z.int(),
  /** Wallets that traded the curve, including those sold out before migration. */
  traders: z.int(),
  top1_pct: z.number().nullable(),
  top10_pct: z.number().nullable(),
  activity: z.object({
    tx_analyzed: z.int(),
    fee_cost_sol: z.number(),
    curve_volume_sol: z.number(),
  }),
  groups: z.object({
    count: z.int(),
    supply_pct: z.number(),
    /** Largest groups first (at most `INSPECT_CAPS.groups`). */
    largest: z.array(z.object({ group_id: z.int(), members: z.int(), supply_pct: z.number() })),
  }),
  holder_wealth: z.object({
    /** The top-50 holders by rank; SOL balances are those seen in SOL flows (null = not seen). */
    considered: z.int(),
    with_known_balance: z.int(),
    total_sol: z.number(),
    /** Quantiles of the known balances, type 7 (linear interpolation); null when none is known. */
    median_sol: z.number().nullable(),
    p25_sol: z.number().nullable(),
    p75_sol: z.number().nullable(),
    max_sol: z.number().nullable(),
    buckets: z.array(
      z.object({ label: z.string(), min_sol: z.number(), max_sol: z.number().nullable(), holders: z.int() }),
    ),
    whales: z.int(),
  }),
  top_holders: z.array(
    z.object({
      rank: z.int(),
      wallet: z.string(),
      supply_pct: z.number(),
      is_whale: z.boolean(),
      is_notable: z.boolean(),
    }),
  ),
  tracked_traders: z.array(
    z.object({
      wallet: z.string(),
      /** The KOL's registry name, null for a notable wallet that is not a tracked KOL. */
      name: z.string().nullable(),
      is_kol: z.boolean(),
      is_notable: z.boolean(),
      supply_pct: z.number(),
      bought_sol: z.number(),
      sold_sol: z.number(),
    }),
  ),
  trading_patterns: z.object({
    /** Share (0–100) of curve sell volume sold within 60 s of the seller's last buy. */
    scalp_score: z.number(),
    /** Share (0–100) of curve volume traded by wash wallets. */
    wash_trading_pct: z.number(),
    wash_wallets: z.int(),
  }),
  wallet_classes: z.object({
    snipers: ClassShare.extend({ block0: z.int() }),
    insiders: ClassShare.extend({ bundled: z.int(), bundled_supply_pct: z.number() }),
    fresh_wallets: ClassShare,
    early_buyers: ClassShare,
  }),
  says: z.string(),
});
export type InspectRecord = z.infer<typeof InspectRecord>;

/** Array caps of the inspect record. */
export const INSPECT_CAPS = { top_holders: 20, groups: 10, tracked_traders: 50, wealth_top: 50 } as const;
