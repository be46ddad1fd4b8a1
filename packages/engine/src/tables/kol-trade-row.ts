import { z } from 'zod';

export const TradeSide = z.enum(['BUY', 'SELL']);
export type TradeSide = z.infer<typeof TradeSide>;

export const KolTradeRow = z.object({
  id: z.string(),
  wallet: z.string(),
  mint: z.string(),
  side: TradeSide,
  sol: z.number(),
  realized_sol: z.number(),
  roi_pct: z.number().nullable(),
  entry_mcap_usd: z.number().nullable(),
  at: z.number(),
});
export type KolTradeRow = z.infer<typeof KolTradeRow>;
