import { z } from 'zod';

/** A 5-second price bucket after analysis (kept at full resolution for the recent window only). */
export const TickRow = z.object({
  mint: z.string(),
  at: z.number(),
  price_usd: z.number(),
  mcap_usd: z.number(),
  liquidity_usd: z.number(),
});
export type TickRow = z.infer<typeof TickRow>;
