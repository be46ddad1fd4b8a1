import { DELTA } from '../store/serving-store-sql.js';
import { KOL_PAIRS_TABLE, KOL_TOTALS_TABLE } from './kol-totals-index-sql.js';

/**
 * When the served KOL summaries are whole: the latest trade or settlement of the base's KOL
 * totals and of the rows appended since (null with none), whether any KOL trade or outcome was
 * appended, and the number of tracked KOLs (`kols`). A leaderboard asked at or after `through` (the live case) may read
 * `KOL_TOTALS_CTE` (or `KOL_BASE_TOTALS_CTE` with nothing appended); before it, trades and
 * outcomes after `asOf` count.
 */
export const KOL_TOTALS_THROUGH_SQL = `SELECT greatest(
  (SELECT max(through) FROM ${KOL_TOTALS_TABLE}),
  (SELECT max("at") FROM ${DELTA}.kol_trades),
  (SELECT max(settled_at) FROM ${DELTA}.outcomes)
) AS through,
EXISTS (SELECT 1 FROM ${DELTA}.kol_trades) OR EXISTS (SELECT 1 FROM ${DELTA}.outcomes) AS appended,
(SELECT count(*) FROM kols)::BIGINT AS kols`;

/** `per_kol` (the lifetime columns of `buildKolStatsSql`) read from `ix_kol_totals` as they are: nothing appended since the base. */
export const KOL_BASE_TOTALS_CTE = `per_kol AS (
  SELECT wallet, trades, volume_sol, net AS realized_sol, tokens, won AS tokens_won, judged AS tokens_settled,
    first_at AS first_trade_at, last_at AS last_trade_at
  FROM ${KOL_TOTALS_TABLE}
)`;

/**
 * `per_kol` (the lifetime columns of `buildKolStatsSql`) from the base's `ix_kol_totals`, corrected
 * for what was appended since: the KOL-token pairs the delta's trades or outcomes touch are summed
 * again (their base row plus their appended trades, judged against every outcome) and replace
 * their base row in the totals. Valid for an `asOf` at or after `KOL_TOTALS_THROUGH_SQL`.
 */
export const KOL_TOTALS_CTE = `touched AS (
  SELECT wallet, mint FROM ${DELTA}.kol_trades
  UNION
  SELECT wallet, mint FROM ${KOL_PAIRS_TABLE} WHERE mint IN (SELECT mint FROM ${DELTA}.outcomes)
),
old_pairs AS (
  SELECT p.* FROM ${KOL_PAIRS_TABLE} p SEMI JOIN touched t ON t.wallet = p.wallet AND t.mint = p.mint
),
new_pairs AS (
  SELECT wallet, mint, sum(trades) AS trades, sum(volume_sol) AS volume_sol, sum(net) AS net,
    min(first_at) AS first_at, max(last_at) AS last_at
  FROM (
    SELECT wallet, mint, trades, volume_sol, net, first_at, last_at FROM old_pairs
    UNION ALL
    SELECT wallet, mint, 1, sol, realized_sol, "at", "at" FROM ${DELTA}.kol_trades
  )
  GROUP BY wallet, mint
),
changes AS (
  SELECT wallet, sum(weight * trades) AS trades, sum(weight * volume_sol) AS volume_sol, sum(weight * net) AS net,
    sum(weight) AS tokens, sum(weight) FILTER (WHERE settled AND net > 0) AS won,
    sum(weight) FILTER (WHERE settled) AS judged, min(first_at) AS first_at, max(last_at) AS last_at
  FROM (
    SELECT n.*, 1 AS weight, n.mint IN (SELECT mint FROM outcomes WHERE mint IN (SELECT mint FROM new_pairs)) AS settled
    FROM new_pairs n
    UNION ALL
    SELECT wallet, mint, trades, volume_sol, net, first_at, last_at, -1, settled_at IS NOT NULL FROM old_pairs
  )
  GROUP BY wallet
),
per_kol AS (
  SELECT coalesce(t.wallet, c.wallet) AS wallet,
    coalesce(t.trades, 0) + coalesce(c.trades, 0) AS trades,
    coalesce(t.volume_sol, 0) + coalesce(c.volume_sol, 0) AS volume_sol,
    coalesce(t.net, 0) + coalesce(c.net, 0) AS realized_sol,
    coalesce(t.tokens, 0) + coalesce(c.tokens, 0) AS tokens,
    coalesce(t.won, 0) + coalesce(c.won, 0) AS tokens_won,
    coalesce(t.judged, 0) + coalesce(c.judged, 0) AS tokens_settled,
    least(t.first_at, c.first_at) AS first_trade_at, greatest(t.last_at, c.last_at) AS last_trade_at
  FROM ${KOL_TOTALS_TABLE} t FULL JOIN changes c ON c.wallet = t.wallet
)`;
