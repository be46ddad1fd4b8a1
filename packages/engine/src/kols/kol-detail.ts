import { z } from 'zod';
import { TradeSide } from '../tables/kol-trade-row.js';
import { KolStats } from './kol-stats.js';

export const KolTrade = z.object({
  id: z.string(),
  mint: z.string(),
  symbol: z.string().nullable(),
  side: TradeSide,
  sol: z.number(),
  realized_sol: z.number(),
  roi_pct: z.number().nullable(),
  /** Market cap (USD) at a buy, or the SOL-weighted entry market cap for a sell. */
  entry_mcap: z.number().nullable(),
  timestamp: z.string(),
});
export type KolTrade = z.infer<typeof KolTrade>;

export const KolToken = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  buys: z.int(),
  sells: z.int(),
  volume_sol: z.number(),
  realized_sol: z.number(),
  first_trade_at: z.string(),
  last_trade_at: z.string(),
  /** Net realized SOL positive on a settled token; null while the token's outcome is unsettled. */
  won: z.boolean().nullable(),
});
export type KolToken = z.infer<typeof KolToken>;

/** API-SPEC §2.3 KOL detail; an untracked address gives `kol: null` and empty lists. */
export const KolDetail = z.object({
  wallet: z.string(),
  kol: KolStats.nullable(),
  recent_trades: z.array(KolTrade),
  recent_trades_total: z.int(),
  tokens: z.array(KolToken),
  tokens_total: z.int(),
  says: z.string(),
});
export type KolDetail = z.infer<typeof KolDetail>;

export const KOL_DETAIL_CAPS = { recent_trades: 50, tokens: 50 } as const;
