import { z } from 'zod';

/** A wallet's trading in one token over the token's labelled life (curve and pool). */
export const PositionRow = z.object({
  wallet: z.string(),
  mint: z.string(),
  buys: z.int(),
  sells: z.int(),
  bought_sol: z.number(),
  sold_sol: z.number(),
  realized_sol: z.number(),
  first_at: z.number(),
  last_at: z.number(),
});
export type PositionRow = z.infer<typeof PositionRow>;
