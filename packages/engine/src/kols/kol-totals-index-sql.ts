/** Each KOL's trading per token in the base, with the token's settlement (`KOL_TOTALS_INDEX_SQL`). */
export const KOL_PAIRS_TABLE = 'ix_kol_pairs';

/** Each KOL's whole-history totals in the base (`KOL_TOTALS_INDEX_SQL`). */
export const KOL_TOTALS_TABLE = 'ix_kol_totals';

/**
 * `CREATE TABLE` texts of the serving store's KOL summaries, so that a leaderboard asked after the
 * history's end reads one row per KOL instead of every trade of the history (and no process keeps
 * the trades in memory):
 * - `ix_kol_pairs`: per KOL and token, its trades, volume, net realized SOL, first and last trade,
 *   and the token's outcome `settled_at` as the base holds it (null when unsettled there);
 * - `ix_kol_totals`: per KOL, those summed as the leaderboard sums them (a token is won when its
 *   net is positive and it settled), and `through`: its last trade or settlement.
 */
export const KOL_TOTALS_INDEX_SQL: readonly string[] = [
  `CREATE TABLE ${KOL_PAIRS_TABLE} AS
SELECT k.wallet, k.mint, count(*)::BIGINT AS trades, sum(k.sol) AS volume_sol, sum(k.realized_sol) AS net,
  min(k."at") AS first_at, max(k."at") AS last_at, any_value(o.settled_at) AS settled_at
FROM kol_trades k LEFT JOIN outcomes o ON o.mint = k.mint
GROUP BY k.wallet, k.mint
ORDER BY k.mint, k.wallet`,
  `CREATE TABLE ${KOL_TOTALS_TABLE} AS
SELECT wallet, sum(trades)::BIGINT AS trades, sum(volume_sol) AS volume_sol, sum(net) AS net,
  count(*)::BIGINT AS tokens,
  count(*) FILTER (WHERE settled_at IS NOT NULL AND net > 0)::BIGINT AS won,
  count(*) FILTER (WHERE settled_at IS NOT NULL)::BIGINT AS judged,
  min(first_at) AS first_at, max(last_at) AS last_at,
  greatest(max(last_at), max(settled_at)) AS through
FROM ${KOL_PAIRS_TABLE}
GROUP BY wallet
ORDER BY wallet`,
];
