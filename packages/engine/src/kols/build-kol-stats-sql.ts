import { timeParam, timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';
import { KOL_TRADES_CTE } from './build-kol-detail-sql.js';
import { KOL_BASE_TOTALS_CTE, KOL_TOTALS_CTE } from './kol-totals-cte.js';
import type { KolSort } from './kols-request.js';

export interface KolStatsRow {
  wallet: string;
  name: string;
  handle: string | null;
  verified: boolean;
  followers: number;
  trades: number;
  volume_sol: number;
  realized_sol: number;
  tokens: number;
  tokens_won: number;
  tokens_settled: number;
  first_trade_at: number | null;
  last_trade_at: number | null;
  recent_trades: number;
  recent_volume_sol: number;
  recent_realized_sol: number;
  recent_tokens: number;
  recent_last_trade_at: number | null;
}

export interface KolStatsQuery {
  readonly days: number;
  readonly sort: KolSort;
  /** Null: every KOL. */
  readonly limit: number | null;
  /** Only this wallet (the detail route). */
  readonly wallet?: string;
  /** With `wallet`: read its trades from a served store's `KOL_TRADES_TABLE` (`KOL_TRADES_CTE`). */
  readonly kolTrades?: boolean;
  /**
   * Read lifetime totals from a served store's KOL summaries: `base` as they are
   * (`KOL_BASE_TOTALS_CTE`), `corrected` for the KOL trades and outcomes appended since
   * (`KOL_TOTALS_CTE`). Only for an `asOf` at or after `KOL_TOTALS_THROUGH_SQL`'s `through`.
   */
  readonly totals?: 'base' | 'corrected';
}

/** `per_kol` read from a served store's KOL summaries (`KolStatsQuery.totals`). */
const TOTALS_CTE = { base: KOL_BASE_TOTALS_CTE, corrected: KOL_TOTALS_CTE } as const;

const ORDER: Record<KolSort, string> = {
  profit: 'recent_realized_sol DESC, realized_sol DESC',
  success: 'win_rate DESC NULLS LAST, tokens_settled DESC, realized_sol DESC',
  activity: 'recent_trades DESC, recent_volume_sol DESC',
};

/**
 * Per tracked KOL: lifetime and recent trading from `kol_trades` at or before `asOf`, in one pass
 * (per KOL and token, then per KOL); the recent window is its own pass over the window's trades,
 * and outcomes join the ≈ 10k per-token rows, not the trades. A token is won when the KOL's net realized SOL on it is
 * positive; only tokens whose outcome settled by `asOf` are judged. `profit` and `activity` sort
 * on the recent window, `success` on lifetime win rate.
 */
export function buildKolStatsSql(query: KolStatsQuery, asOf: number): SqlQuery {
  const at = (name: string) => timeParam('kol_trades', 'at', name);
  const params: Record<string, string | number> = { as_of: asOf, from: asOf - query.days * 86_400_000 };
  const only = query.wallet === undefined ? '' : ' AND k.wallet = $wallet';
  if (query.wallet !== undefined) params.wallet = query.wallet;
  if (query.limit !== null) params.limit = query.limit;
  const byWallet = query.wallet !== undefined && query.kolTrades === true;
  const sql = `WITH ${byWallet ? `${KOL_TRADES_CTE},\n` : ''}${recentTokenCte(byWallet, at, only)},
recent AS (
  SELECT wallet, sum(trades) AS recent_trades, sum(volume_sol) AS recent_volume_sol,
    sum(net) AS recent_realized_sol, count(*) AS recent_tokens, max(last_trade_at) AS recent_last_trade_at
  FROM recent_token GROUP BY wallet
),
${query.totals ? TOTALS_CTE[query.totals] : lifetimeCte(byWallet, at, only)},
joined AS (
  SELECT k.wallet, k.name, k.handle, k.verified, k.followers,
    coalesce(s.trades, 0)::BIGINT AS trades, coalesce(s.volume_sol, 0) AS volume_sol,
    coalesce(s.realized_sol, 0) AS realized_sol, coalesce(s.tokens, 0)::BIGINT AS tokens,
    coalesce(s.tokens_won, 0)::BIGINT AS tokens_won, coalesce(s.tokens_settled, 0)::BIGINT AS tokens_settled,
    s.tokens_won / nullif(s.tokens_settled, 0) AS win_rate,
    s.first_trade_at, s.last_trade_at,
    coalesce(r.recent_trades, 0)::BIGINT AS recent_trades, coalesce(r.recent_volume_sol, 0) AS recent_volume_sol,
    coalesce(r.recent_realized_sol, 0) AS recent_realized_sol, coalesce(r.recent_tokens, 0)::BIGINT AS recent_tokens,
    r.recent_last_trade_at
  FROM kols k LEFT JOIN per_kol s ON s.wallet = k.wallet LEFT JOIN recent r ON r.wallet = k.wallet
  WHERE TRUE${query.wallet === undefined ? '' : ' AND k.wallet = $wallet'}
)
SELECT * EXCLUDE (win_rate) FROM joined
ORDER BY ${ORDER[query.sort]}, wallet${query.limit === null ? '' : '\nLIMIT $limit'}`;
  return { sql, params };
}

/** `recent_token`: per KOL and token, the trades of the recent window. */
function recentTokenCte(byWallet: boolean, at: (name: string) => string, only: string): string {
  return byWallet
    ? `recent_token AS (
  SELECT $wallet AS wallet, mint, count(*) AS trades, sum(sol) AS volume_sol, sum(realized_sol) AS net,
    max("at") AS last_trade_at
  FROM trades WHERE "at" > ${at('from')} GROUP BY mint
)`
    : `recent_token AS (
  SELECT k.wallet, k.mint, count(*) AS trades, sum(k.sol) AS volume_sol, sum(k.realized_sol) AS net,
    max(k."at") AS last_trade_at
  FROM kol_trades k
  WHERE k."at" <= ${at('as_of')} AND k."at" > ${at('from')}${only}
  GROUP BY k.wallet, k.mint
)`;
}

/** `per_kol`: per KOL, the lifetime totals of its trades by `as_of`, summed per token first. */
function lifetimeCte(byWallet: boolean, at: (name: string) => string, only: string): string {
  const perToken = byWallet
    ? `per_token AS (
  SELECT $wallet AS wallet, mint, count(*) AS trades, sum(sol) AS volume_sol, sum(realized_sol) AS net,
    min("at") AS first_trade_at, max("at") AS last_trade_at, bool_or(settled) AS settled
  FROM trades GROUP BY mint
)`
    : `per_token AS (
  SELECT k.wallet, k.mint, count(*) AS trades, sum(k.sol) AS volume_sol, sum(k.realized_sol) AS net,
    min(k."at") AS first_trade_at, max(k."at") AS last_trade_at
  FROM kol_trades k
  WHERE k."at" <= ${at('as_of')}${only}
  GROUP BY k.wallet, k.mint
)`;
  const judged = byWallet
    ? 'judged AS (SELECT * FROM per_token)'
    : `judged AS (
  SELECT p.*, o.mint IS NOT NULL AS settled
  FROM per_token p LEFT JOIN outcomes o ON o.mint = p.mint AND o.settled_at <= ${timestampParam('as_of')}
)`;
  return `${perToken},
${judged},
per_kol AS (
  SELECT wallet, sum(trades) AS trades, sum(volume_sol) AS volume_sol, sum(net) AS realized_sol, count(*) AS tokens,
    count(*) FILTER (WHERE settled AND net > 0) AS tokens_won, count(*) FILTER (WHERE settled) AS tokens_settled,
    min(first_trade_at) AS first_trade_at, max(last_trade_at) AS last_trade_at
  FROM judged GROUP BY wallet
)`;
}
