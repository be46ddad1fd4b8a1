import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { TradeSide } from '../tables/kol-trade-row.js';
import { buildKolDetailSql } from './build-kol-detail-sql.js';
import { buildKolStatsSql, type KolStatsRow } from './build-kol-stats-sql.js';
import { KOL_DETAIL_CAPS, type KolDetail } from './kol-detail.js';
import { kolStatsOf } from './kol-stats-of.js';
import { KOL_TRADES_TABLE } from './kol-trades-index-sql.js';

interface TradeRow {
  id: string;
  mint: string;
  symbol: string | null;
  side: TradeSide;
  sol: number;
  realized_sol: number;
  roi_pct: number | null;
  entry_mcap_usd: number | null;
  at: number;
  total: number;
}

interface TokenAggRow {
  mint: string;
  symbol: string | null;
  buys: number;
  sells: number;
  volume_sol: number;
  realized_sol: number;
  first_trade_at: number;
  last_trade_at: number;
  settled: boolean;
  total: number;
}

/**
 * One KOL's record as of `asOf` (epoch ms); an untracked address gives `kol: null` (not billed).
 * On a served store its trades are read from its range of `KOL_TRADES_TABLE`.
 */
export async function describeKol(db: Queryable, wallet: string, asOf: number, days = 7): Promise<KolDetail> {
  const kolTrades = (await servedLayoutOf(db)).baseTables.has(KOL_TRADES_TABLE);
  const sql = buildKolDetailSql({ kolTrades });
  const q = buildKolStatsSql({ days, sort: 'profit', limit: null, wallet, kolTrades }, asOf);
  const [stats, trades, tokens] = await Promise.all([
    db.all<KolStatsRow>(q.sql, q.params),
    db.all<TradeRow>(sql.trades, { wallet, as_of: asOf, limit: KOL_DETAIL_CAPS.recent_trades }),
    db.all<TokenAggRow>(sql.tokens, { wallet, as_of: asOf, limit: KOL_DETAIL_CAPS.tokens }),
  ]);
  if (stats.length === 0) {
    return {
      wallet,
      kol: null,
      recent_trades: [],
      recent_trades_total: 0,
      tokens: [],
      tokens_total: 0,
      says: `${wallet} is not a tracked KOL.`,
    };
  }
  const kol = kolStatsOf(stats[0], days);
  const l = kol.lifetime;
  const says =
    l.trades === 0
      ? `${kol.name} is tracked but has no recorded trade.`
      : `${kol.name} made ${l.trades} trades on ${l.tokens} tokens for ${solText(l.realized_sol)} realized; ` +
        `${l.tokens_won} of ${l.tokens_settled} settled tokens won (${pctText(l.win_rate === null ? null : 100 * l.win_rate)}).`;
  return {
    wallet,
    kol,
    recent_trades: trades.map((t) => ({
      id: t.id,
      mint: t.mint,
      symbol: t.symbol,
      side: t.side,
      sol: t.sol,
      realized_sol: t.realized_sol,
      roi_pct: t.roi_pct,
      entry_mcap: t.entry_mcap_usd,
      timestamp: isoTime(t.at),
    })),
    recent_trades_total: trades[0]?.total ?? 0,
    tokens: tokens.map((t) => ({
      mint: t.mint,
      symbol: t.symbol,
      buys: t.buys,
      sells: t.sells,
      volume_sol: t.volume_sol,
      realized_sol: t.realized_sol,
      first_trade_at: isoTime(t.first_trade_at),
      last_trade_at: isoTime(t.last_trade_at),
      won: t.settled ? t.realized_sol > 0 : null,
    })),
    tokens_total: tokens[0]?.total ?? 0,
    says,
  };
}
