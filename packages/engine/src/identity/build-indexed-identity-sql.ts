import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

/**
 * `buildWalletHistorySql` over the identity index: the token's rows of `ix_holder_history`, with
 * `is_kol` from the holder row only; a wallet in `kols` is a KOL too (`KOL_WALLETS_SQL`: joining
 * `kols` here tripled the lookup, measured ≈ 2.3 → 5 ms). Returns no row for a token the index
 * does not hold (then use the base query).
 */
export function buildIndexedWalletHistorySql(mint: string): SqlQuery {
  const sql = `SELECT wallet, is_kol, prior_appearances AS appearances, prior_insider_in AS insider_in,
  prior_sniper_in AS sniper_in, prior_realized_sol AS realized_sol
FROM ix_holder_history
WHERE mint = $mint
ORDER BY wallet`;
  return { sql, params: { mint } };
}

/** The tracked KOL wallets. */
export const KOL_WALLETS_SQL = 'SELECT wallet FROM kols';

/**
 * The token's precomputed ties from `ix_tie_facts` (one ART point lookup): every launch sharing its
 * creator or an insider-linked wallet, earlier or later, with the fields `cutTiedLaunches` needs to
 * apply the point-in-time cut. No row for a token the index does not hold (then use the base query).
 */
export function buildIndexedTiesSql(mint: string): SqlQuery {
  return { sql: 'SELECT ties FROM ix_tie_facts WHERE mint = $mint', params: { mint } };
}

/**
 * `buildUpsideBaseSql` over `ix_token_facts` (ordered by analysis time, so only the window's row
 * groups are read): the same counts, with no join.
 */
export function buildIndexedUpsideBaseSql(until: number, windowDays: number): SqlQuery {
  const sql = `SELECT count(*)::BIGINT AS n,
  count(*) FILTER (WHERE reached_2x)::BIGINT AS reached_2x,
  count(*) FILTER (WHERE reached_5x)::BIGINT AS reached_5x
FROM ix_token_facts
WHERE settled_at <= ${timestampParam('until')} AND analyzed_at > ${timestampParam('from')}`;
  return { sql, params: { until, from: until - windowDays * 86_400_000 } };
}
