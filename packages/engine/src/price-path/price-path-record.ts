import { z } from 'zod';

/** API-SPEC §2.3 price path: the token's pool market after its analysis moment, up to as_of. */
export const PricePath = z.object({
  /** `ticks`: the 5-second ticks held; `summary`: the path summary kept for every launch. */
  source: z.enum(['ticks', 'summary']),
  resolution_s: z.number(),
  analysed_at: z.string(),
  first_tick_at: z.string().nullable(),
  last_tick_at: z.string().nullable(),
  tick_count: z.int(),
  mcap_at_analysis_usd: z.number().nullable(),
  mcap_latest_usd: z.number().nullable(),
  mcap_peak_usd: z.number().nullable(),
  mcap_trough_usd: z.number().nullable(),
  /** 100 × (latest ÷ peak − 1): 0 at the peak, −90 after a 90 % fall. */
  drawdown_from_peak_pct: z.number().nullable(),
  /** 100 × (latest ÷ market cap at analysis − 1). */
  change_since_analysis_pct: z.number().nullable(),
  price_latest_usd: z.number().nullable(),
  liquidity_latest_usd: z.number().nullable(),
});
export type PricePath = z.infer<typeof PricePath>;

/** `GET /v1/price/{mint}` answer: `path` is null when no feed is held up to as_of. */
export const PricePathRecord = z.object({
  mint: z.string(),
  path: PricePath.nullable(),
  coverage_note: z.string(),
  says: z.string(),
});
export type PricePathRecord = z.infer<typeof PricePathRecord>;
