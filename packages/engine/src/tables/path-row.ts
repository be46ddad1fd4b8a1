import { z } from 'zod';

/** Summary of a launch's whole post-analysis price path; kept for every launch. */
export const PathRow = z.object({
  mint: z.string(),
  first_tick_at: z.number().nullable(),
  last_tick_at: z.number().nullable(),
  tick_count: z.int(),
  mcap_latest_usd: z.number().nullable(),
  price_latest_usd: z.number().nullable(),
  liquidity_latest_usd: z.number().nullable(),
  mcap_peak_usd: z.number().nullable(),
  mcap_trough_usd: z.number().nullable(),
});
export type PathRow = z.infer<typeof PathRow>;
