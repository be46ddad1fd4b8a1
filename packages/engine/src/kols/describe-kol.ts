import { timeParam, timestampParam } from '../catalogue/time-param.js';
import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import type { TradeSide } from '../tables/kol-trade-row.js';
import { buildKolStatsSql, type KolStatsRow } from './build-kol-stats-sql.js';
import { KOL_DETAIL_CAPS, type KolDetail } from './kol-detail.js';
import { kolStatsOf } from './kol-stats-of.js';

/**
 * The KOL's latest trades by `as_of` with their count. Counts here and in `KOL_TOKENS_SQL` are
 * scalar subqueries over the CTE, not `count(*) OVER ()` (see `pageSql` of `build-search-sql.ts`:
 * DuckDB 1.5.5's window operator failed now and then on a small store).
 */
export const KOL_TRADES_SQL = `WITH trades AS (
  SELECT * FROM kol_trades WHERE wallet = $wallet AND "at" <= ${timeParam('kol_trades', 'at', 'as_of')}
),
page AS (SELECT * FROM trades ORDER BY "at" DESC, id LIMIT $limit)
SELECT k.id, k.mint, t.symbol, k.side, k.sol, k.realized_sol, k.roi_pct, k.entry_mcap_usd, k."at",
  (SELECT count(*) FROM trades) AS total
FROM page k LEFT JOIN tokens t ON t.mint = k.mint
ORDER BY k."at" DESC, k.id`;

/** The KOL's tokens by `as_of`, latest trade first, with their count. */
export const KOL_TOKENS_SQL = `WITH per_token AS (
  SELECT k.mint, any_value(t.symbol) AS symbol,
    count(*) FILTER (WHERE k.side = 'BUY')::BIGINT AS buys, count(*) FILTER (WHERE k.side = 'SELL')::BIGINT AS sells,
    sum(k.sol) AS volume_sol, sum(k.realized_sol) AS realized_sol, min(k."at") AS first_trade_at, max(k."at") AS last_trade_at,
    bool_or(o.mint IS NOT NULL) AS settled
  FROM kol_trades k
  LEFT JOIN tokens t ON t.mint = k.mint
  LEFT JOIN outcomes o ON o.mint = k.mint AND o.settled_at <= ${timestampParam('as_of')}
  WHERE k.wallet = $wallet AND k."at" <= ${timeParam('kol_trades', 'at', 'as_of')}
  GROUP BY k.mint
)
SELECT *, (SELECT count(*) FROM per_token) AS total FROM per_token
ORDER BY last_trade_at DESC, mint LIMIT $limit`;

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

/** One KOL's record as of `asOf` (epoch ms); an untracked address gives `kol: null` (not billed). */
export async function describeKol(db: Queryable, wallet: string, asOf: number, days = 7): Promise<KolDetail> {
  const q = buildKolStatsSql({ days, sort: 'profit', limit: null, wallet }, asOf);
  const [stats, trades, tokens] = await Promise.all([
    db.all<KolStatsRow>(q.sql, q.params),
    db.all<TradeRow>(KOL_TRADES_SQL, { wallet, as_of: asOf, limit: KOL_DETAIL_CAPS.recent_trades }),
    db.all<TokenAggRow>(KOL_TOKENS_SQL, { wallet, as_of: asOf, limit: KOL_DETAIL_CAPS.tokens }),
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
