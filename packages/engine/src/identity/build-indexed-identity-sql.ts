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
 * `buildTiedLaunchesSql` over the identity index, without `shared_wallets` (0 here; see
 * `buildSharedWalletsSql`): ties are read from `ix_tie_lists` (insider-linked rows), and a shared wallet
 * that was an insider in either launch is insider-linked by definition, so no tie is missed.
 */
export function buildIndexedTiedLaunchesSql(mint: string, creator: string, until: number): SqlQuery {
  const u = timestampParam('until');
  const sql = `WITH links AS (
  SELECT unnest(others) AS mint, unnest(shared_insiders) AS shared_insiders FROM ix_tie_lists WHERE mint = $mint
)
SELECT f.mint, f.symbol, f.analyzed_at, f.creator = $creator AS same_creator, 0::BIGINT AS shared_wallets,
  coalesce(l.shared_insiders, 0)::BIGINT AS shared_insiders,
  CASE WHEN f.settled_at <= ${u} THEN f.rugged END AS rugged,
  CASE WHEN f.settled_at <= ${u} THEN f.reached_2x END AS reached_2x,
  CASE WHEN f.settled_at <= ${u} THEN f.reached_5x END AS reached_5x,
  CASE WHEN f.settled_at <= ${u} THEN f.peak_gain_pct END AS peak_gain_pct,
  CASE WHEN f.settled_at <= ${u} THEN f.peak_mcap_usd
    WHEN f.path_last_tick_at IS NULL OR f.path_last_tick_at <= ${u} THEN f.path_peak_mcap_usd END AS peak_mcap_usd
FROM ix_token_facts f
LEFT JOIN links l ON l.mint = f.mint
WHERE f.analyzed_at <= ${u} AND f.mint <> $mint AND (l.shared_insiders > 0 OR f.creator = $creator)`;
  return { sql, params: { mint, creator, until } };
}

/**
 * For each of `mints`, how many of `wallets` (the token's own) it shares, from the wallet lists of
 * `ix_token_wallets`; the mints are bound one parameter each so only their lists are read.
 */
export function buildSharedWalletsSql(wallets: readonly string[], mints: readonly string[]): SqlQuery {
  const names = mints.map((_, i) => `$m${i}`);
  const sql = `SELECT mint, count(*)::BIGINT AS shared_wallets
FROM (SELECT mint, unnest(wallets) AS wallet FROM ix_token_wallets WHERE mint IN (${names.length > 0 ? names.join(', ') : 'NULL'}))
WHERE wallet IN (SELECT unnest($wallets))
GROUP BY mint`;
  return { sql, params: { wallets, ...Object.fromEntries(mints.map((m, i) => [`m${i}`, m])) } };
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
