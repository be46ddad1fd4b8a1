import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import { DELTA } from '../store/serving-store-sql.js';

/**
 * Derived tables behind the fast identity, graph and serial-insider paths, built once from the dataset
 * tables (never from anything after a token's own analysis, so each row is point-in-time exact):
 * - `ix_holder_history`: per (mint, wallet) of `holders`, the wallet's history before that
 *   token's analysis — other launches, as insider, as sniper, and realized SOL over positions
 *   known by then (a position is known once its last trade and its token's analysis are both past),
 *   plus the holder's own role flags, rank and supply share for the graph record; ordered by mint
 *   (an ART index on mint took identity 4.2 → 3.9 ms p50 but the 1,000-member graph 17–18 → 22–23 ms);
 * - `ix_insider_rows`: every `holders` row of a wallet that was an insider anywhere, with its
 *   position's realized SOL (≈ 2 % of holder rows);
 * - `ix_token_edges`: `edges` ordered by mint, so a token's ties are read from one row group;
 * - `ix_token_facts`: one row per token with its outcome and path summary and their times, so
 *   the point-in-time cut is still applied when reading (the upside base rate, `ix_tie_facts`);
 * - `ix_tie_facts`: one row per token (ART index on mint) with every other launch tied to it, earlier
 *   or later, as one list of structs: the insider-linked pairs (the self-join of `ix_insider_rows`,
 *   `ix_tmp_ties`) and the same-creator pairs, each with its shared insiders, its shared wallets (the
 *   intersection of the two tokens' sorted wallet-id lists, `ix_tmp_wids`: string lists took 12 s, a
 *   holders self-join 20 s, these 2.3 s at 24k, counted once per unordered pair in `ix_tmp_pairs`
 *   and mirrored) and the other launch's `ix_token_facts` fields, so a token's ties are one point
 *   lookup and the cut at `until` is applied when reading;
 * - `ix_serial_insiders`: one row per wallet that was an insider anywhere, with its whole-history
 *   serial-insider totals, most insider launches first, numbered in that order (`rank`: a page is
 *   the rows up to `limit`, which zone maps find in the first row group; a sort of every qualifying
 *   row took ≈ 15 ms at 240k launches) (only for `asOf` at or after `insiders_through`: the page is
 *   then read, not aggregated over every insider row);
 * - `ix_funder_mints` (each funder's launches with the time each became known) and
 *   `ix_funder_summary` (whole-history totals: only for `asOf` at or after `funded_through`), most
 *   wallets funded first and numbered in that order (`rank`), as `ix_serial_insiders`.
 * Wallets and mints are numbered first (`ix_wallet_ids`, `ix_tmp_mint_ids`; funders before
 * `ix_funder_mints`, `ix_tmp_funder_ids`), each in the order of its strings, so the windows, joins
 * and sorts between here and the last join back to the strings work on integers, and sorting by
 * the numbers sorts as the strings would (the identity index at 24k launches, one thread: 41.4 →
 * 30.6 s of CPU). The `ix_tmp_*` tables are plain tables (pooled connections do not share
 * temporary ones), dropped at the end.
 */
export const IDENTITY_INDEX_SQL: readonly string[] = [
  `CREATE OR REPLACE TABLE ix_wallet_ids AS
SELECT wallet, (row_number() OVER (ORDER BY wallet))::INTEGER AS wid FROM (SELECT DISTINCT wallet FROM holders)`,
  `CREATE OR REPLACE TABLE ix_tmp_mint_ids AS
SELECT mint, analyzed_at, (row_number() OVER (ORDER BY mint))::INTEGER AS mid FROM tokens`,
  `CREATE OR REPLACE TABLE ix_tmp_events AS
SELECT w.wid, m.mid, m.analyzed_at, h.is_insider, h.is_sniper, h.is_kol, h.rank, h.supply_pct,
  h.is_creator, h.is_bundle, h.is_fresh, h.is_early, h.is_whale, h.is_notable, h.is_wash,
  count(*) OVER win - 1 AS prior_appearances,
  sum(h.is_insider::INTEGER) OVER win - h.is_insider::INTEGER AS prior_insider_in,
  sum(h.is_sniper::INTEGER) OVER win - h.is_sniper::INTEGER AS prior_sniper_in
FROM holders h JOIN ix_wallet_ids w ON w.wallet = h.wallet JOIN ix_tmp_mint_ids m ON m.mint = h.mint
WINDOW win AS (PARTITION BY w.wid ORDER BY m.analyzed_at RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`,
  `CREATE OR REPLACE TABLE ix_tmp_positions AS
SELECT w.wid, m.mid, greatest(p.last_at, m.analyzed_at) AS known_at, p.realized_sol
FROM positions p JOIN ix_wallet_ids w ON w.wallet = p.wallet JOIN ix_tmp_mint_ids m ON m.mint = p.mint`,
  `CREATE OR REPLACE TABLE ix_tmp_realized AS
SELECT wid, known_at, sum(sum(realized_sol)) OVER (PARTITION BY wid ORDER BY known_at) AS realized_through
FROM ix_tmp_positions GROUP BY wid, known_at`,
  // A holder's own position counts in its realized history only once known by the token's own
  // analysis (closed before it); those rows are set apart so the join below is against them only.
  `CREATE OR REPLACE TABLE ix_tmp_own AS
SELECT p.wid, p.mid, p.realized_sol FROM ix_tmp_positions p JOIN ix_tmp_mint_ids m ON m.mid = p.mid
WHERE p.known_at <= m.analyzed_at`,
  // Three steps, not one statement: at 240k launches (29 M holder rows) the joins and the sort in
  // one pipeline ran out of memory; each step alone spills.
  `CREATE OR REPLACE TABLE ix_tmp_history AS
SELECT e.*, coalesce(r.realized_through, 0) AS realized_through
FROM ix_tmp_events e
ASOF LEFT JOIN ix_tmp_realized r ON r.wid = e.wid AND e.analyzed_at >= r.known_at`,
  `CREATE OR REPLACE TABLE ix_tmp_history_own AS
SELECT h.*, h.realized_through - coalesce(own.realized_sol, 0) AS prior_realized_sol
FROM ix_tmp_history h LEFT JOIN ix_tmp_own own ON own.wid = h.wid AND own.mid = h.mid`,
  'DROP TABLE IF EXISTS ix_tmp_history',
  `CREATE OR REPLACE TABLE ix_holder_history AS
SELECT m.mint, w.wallet, e.is_insider, e.is_kol,
  e.prior_appearances::BIGINT AS prior_appearances,
  e.prior_insider_in::BIGINT AS prior_insider_in,
  e.prior_sniper_in::BIGINT AS prior_sniper_in,
  e.prior_realized_sol,
  e.rank, e.supply_pct, e.is_creator, e.is_bundle, e.is_sniper, e.is_fresh, e.is_early, e.is_whale,
  e.is_notable, e.is_wash
FROM ix_tmp_history_own e
JOIN ix_wallet_ids w ON w.wid = e.wid
JOIN ix_tmp_mint_ids m ON m.mid = e.mid
ORDER BY e.mid, e.wid`,
  'DROP TABLE IF EXISTS ix_tmp_history_own',
  'DROP TABLE IF EXISTS ix_tmp_own',
  // Insider wallets from the insider rows alone (≈ 2 %), and only their positions joined: grouping
  // every holder row and joining every position took the 240k build past 3.4 GB.
  `CREATE OR REPLACE TABLE ix_insider_rows AS
WITH iw AS (SELECT DISTINCT wallet FROM holders WHERE is_insider),
ip AS (SELECT p.wallet, p.mint, p.realized_sol, p.last_at FROM positions p SEMI JOIN iw ON iw.wallet = p.wallet)
SELECT h.wallet, h.mint, t.analyzed_at, h.is_insider, h.is_sniper OR h.is_early AS early, h.supply_pct,
  p.realized_sol, p.last_at AS position_last_at
FROM holders h SEMI JOIN iw ON iw.wallet = h.wallet
JOIN tokens t ON t.mint = h.mint
LEFT JOIN ip p ON p.wallet = h.wallet AND p.mint = h.mint
ORDER BY h.wallet, t.analyzed_at`,
  `CREATE OR REPLACE TABLE ix_serial_insiders AS
WITH agg AS (
  SELECT wallet, count(*) FILTER (WHERE is_insider) AS insider_in, count(*) AS also_held,
    count(*) FILTER (WHERE early) AS early_investor_in,
    avg(supply_pct) FILTER (WHERE is_insider) AS avg_supply_pct,
    list(mint ORDER BY analyzed_at DESC, mint) FILTER (WHERE is_insider) AS insider_mints,
    sum(realized_sol) FILTER (WHERE is_insider AND position_last_at IS NOT NULL) AS realized_sol
  FROM ix_insider_rows GROUP BY wallet HAVING count(*) FILTER (WHERE is_insider) >= 1
),
fate AS (
  SELECT r.wallet, count(*) AS insider_settled, count(*) FILTER (WHERE o.rugged) AS insider_rugged
  FROM ix_insider_rows r JOIN outcomes o ON o.mint = r.mint
  WHERE r.is_insider GROUP BY r.wallet
)
SELECT agg.wallet, agg.insider_in::BIGINT AS insider_in, agg.also_held::BIGINT AS also_held,
  agg.early_investor_in::BIGINT AS early_investor_in, agg.avg_supply_pct,
  coalesce(agg.realized_sol, 0) AS realized_sol,
  coalesce(fate.insider_settled, 0)::BIGINT AS insider_settled, coalesce(fate.insider_rugged, 0)::BIGINT AS insider_rugged,
  agg.insider_mints[1:5] AS sample_tokens,
  row_number() OVER (ORDER BY agg.insider_in DESC, agg.wallet) AS rank
FROM agg LEFT JOIN fate ON fate.wallet = agg.wallet
ORDER BY rank`,
  `CREATE OR REPLACE TABLE ix_tmp_ties AS
SELECT a.mint, b.mint AS other, count(*) FILTER (WHERE a.is_insider OR b.is_insider)::BIGINT AS shared_insiders
FROM ix_insider_rows a JOIN ix_insider_rows b ON b.wallet = a.wallet AND b.mint > a.mint
GROUP BY a.mint, b.mint HAVING shared_insiders > 0`,
  `CREATE OR REPLACE TABLE ix_token_edges AS SELECT * FROM edges ORDER BY mint`,
  `CREATE OR REPLACE TABLE ix_token_facts AS
SELECT t.mint, t.symbol, t.creator, t.analyzed_at,
  o.settled_at, o.rugged, o.reached_2x, o.reached_5x, o.peak_gain_pct, o.peak_mcap_usd,
  p.last_tick_at AS path_last_tick_at, p.mcap_peak_usd AS path_peak_mcap_usd
FROM tokens t LEFT JOIN outcomes o ON o.mint = t.mint LEFT JOIN paths p ON p.mint = t.mint
ORDER BY t.analyzed_at, t.mint`,
  `CREATE OR REPLACE TABLE ix_tmp_wids AS
SELECT m.mint, w.wids
FROM (SELECT mid, list(wid ORDER BY wid) AS wids FROM ix_tmp_events GROUP BY mid) w JOIN ix_tmp_mint_ids m ON m.mid = w.mid`,
  `CREATE OR REPLACE TABLE ix_tmp_pairs AS
WITH same_creator AS (
  SELECT a.mint, b.mint AS other FROM tokens a JOIN tokens b ON b.creator = a.creator AND b.mint > a.mint
),
pairs AS (
  SELECT coalesce(l.mint, c.mint) AS mint, coalesce(l.other, c.other) AS other, coalesce(l.shared_insiders, 0) AS shared_insiders
  FROM ix_tmp_ties l FULL JOIN same_creator c ON c.mint = l.mint AND c.other = l.other
)
SELECT p.mint, p.other, p.shared_insiders, coalesce(len(list_intersect(wa.wids, wb.wids)), 0)::BIGINT AS shared_wallets
FROM pairs p LEFT JOIN ix_tmp_wids wa ON wa.mint = p.mint LEFT JOIN ix_tmp_wids wb ON wb.mint = p.other`,
  `CREATE OR REPLACE TABLE ix_tie_facts AS
WITH ties AS (
  SELECT p.mint, list({
    'mint': f.mint, 'symbol': f.symbol, 'analyzed_at': f.analyzed_at, 'same_creator': f.creator = me.creator,
    'shared_wallets': p.shared_wallets, 'shared_insiders': p.shared_insiders,
    'settled_at': f.settled_at, 'rugged': f.rugged, 'reached_2x': f.reached_2x, 'reached_5x': f.reached_5x,
    'peak_gain_pct': f.peak_gain_pct, 'peak_mcap_usd': f.peak_mcap_usd,
    'path_last_tick_at': f.path_last_tick_at, 'path_peak_mcap_usd': f.path_peak_mcap_usd
  }) AS ties
  FROM (
    SELECT mint, other, shared_insiders, shared_wallets FROM ix_tmp_pairs
    UNION ALL SELECT other, mint, shared_insiders, shared_wallets FROM ix_tmp_pairs
  ) p JOIN tokens me ON me.mint = p.mint JOIN ix_token_facts f ON f.mint = p.other
  GROUP BY p.mint
)
SELECT t.mint, ties.ties FROM tokens t LEFT JOIN ties ON ties.mint = t.mint ORDER BY t.mint`,
  'CREATE UNIQUE INDEX ix_tie_facts_mint ON ix_tie_facts (mint)',
  'DROP TABLE IF EXISTS ix_tmp_ties',
  'DROP TABLE IF EXISTS ix_tmp_wids',
  'DROP TABLE IF EXISTS ix_tmp_pairs',
  // Funders numbered in string order too: grouping and sorting by the numbers rather than the
  // strings took this step 2.1-2.4 -> 1.6-1.8 s at 24k launches (same rows).
  `CREATE OR REPLACE TABLE ix_tmp_funder_ids AS
SELECT funder, (row_number() OVER (ORDER BY funder))::INTEGER AS fid FROM (SELECT DISTINCT funder FROM funders)`,
  `CREATE OR REPLACE TABLE ix_funder_mints AS
SELECT fi.funder, m.mint, g.known_at
FROM (
  SELECT fi.fid, e.mid, min(greatest(f.funded_at, e.analyzed_at)) AS known_at
  FROM funders f JOIN ix_tmp_funder_ids fi ON fi.funder = f.funder
  JOIN ix_wallet_ids w ON w.wallet = f.wallet JOIN ix_tmp_events e ON e.wid = w.wid
  GROUP BY fi.fid, e.mid
) g JOIN ix_tmp_mint_ids m ON m.mid = g.mid JOIN ix_tmp_funder_ids fi ON fi.fid = g.fid
ORDER BY g.fid`,
  `CREATE OR REPLACE TABLE ix_funder_summary AS
WITH w AS (
  SELECT funder, count(*) AS wallets_funded, min(funded_at) AS first_seen, max(funded_at) AS last_seen,
    min_by(wallet, {'t': funded_at, 'w': wallet}, 5) AS sample_wallets
  FROM funders GROUP BY funder HAVING count(*) >= 2
)
SELECT w.*, coalesce(m.tokens, 0) AS tokens, greatest(w.last_seen, m.last_known_at) AS known_through,
  row_number() OVER (ORDER BY w.wallets_funded DESC, w.funder) AS rank
FROM w LEFT JOIN (SELECT funder, count(*) AS tokens, max(known_at) AS last_known_at FROM ix_funder_mints GROUP BY funder) m
  ON m.funder = w.funder
ORDER BY rank`,
  'DROP TABLE IF EXISTS ix_tmp_events',
  'DROP TABLE IF EXISTS ix_tmp_positions',
  'DROP TABLE IF EXISTS ix_tmp_realized',
  'DROP TABLE IF EXISTS ix_tmp_mint_ids',
  'DROP TABLE IF EXISTS ix_tmp_funder_ids',
];

/**
 * `sql` (default `IDENTITY_INDEX_SQL`) for a build on one connection, the serving store's: its
 * `ix_tmp_*` tables are `TEMP` tables, held in DuckDB's buffer pool and temporary folder instead of
 * being written into the database file and dropped. Serving store at 24k launches, one after the
 * other at load ≈ 5: the `ix_tmp_*` statements and `ix_holder_history` 24.2 → 16.1 s of CPU, the
 * whole build 45.0 → 36.0 s; at 240k the file was ≈ 9 GB instead of 15.9 GB (the dropped tables'
 * blocks no longer stay in it).
 */
export function oneConnectionIdentityIndexSql(
  sql: readonly string[] = IDENTITY_INDEX_SQL,
): readonly string[] {
  return sql.map((statement) =>
    statement.replace(/^CREATE OR REPLACE TABLE (ix_tmp_\w+)/, 'CREATE OR REPLACE TEMP TABLE $1'),
  );
}

/** A built identity index: the token count it covers (a store with more tokens has outgrown it). */
export interface IdentityIndex {
  readonly tokens: number;
  readonly holder_rows: number;
  readonly insider_rows: number;
  /** The last first-funding, or first trade of a funded wallet in a launch, the index holds (epoch ms). */
  readonly funded_through: number | null;
  readonly funders: number;
  /**
   * The last time an insider row's facts can change (analysis, position close or outcome; epoch
   * ms): from it on, `ix_serial_insiders` is the serial-insider leaderboard.
   */
  readonly insiders_through: number | null;
}

export const INDEX_COUNTS_SQL = `SELECT (SELECT count(*) FROM tokens)::BIGINT AS tokens,
  (SELECT count(*) FROM ix_holder_history)::BIGINT AS holder_rows,
  (SELECT count(*) FROM ix_insider_rows)::BIGINT AS insider_rows,
  greatest((SELECT max(funded_at) FROM funders), (SELECT max(known_at) FROM ix_funder_mints)) AS funded_through,
  (SELECT count(*) FROM funders)::BIGINT AS funders,
  greatest((SELECT max(analyzed_at) FROM ix_insider_rows), (SELECT max(position_last_at) FROM ix_insider_rows),
    (SELECT max(settled_at) FROM outcomes)) AS insiders_through`;

/**
 * Builds (or rebuilds) the identity index in a memory store and returns its handle. An opened
 * dataset already holds it in its serving store (`DatasetStore.identityIndex`), built with the
 * store; there the `ix_*` names are read-only views and this cannot run.
 */
export async function prepareIdentityIndex(db: Queryable): Promise<IdentityIndex> {
  for (const sql of IDENTITY_INDEX_SQL) await db.all(sql);
  const [counts] = await db.all<IdentityIndex>(INDEX_COUNTS_SQL);
  return counts;
}

export const CURRENT_COUNTS_SQL =
  'SELECT (SELECT count(*) FROM tokens)::BIGINT AS tokens, (SELECT count(*) FROM funders)::BIGINT AS funders';

/**
 * Tokens and fundings appended to a served store since its base (and the base's index) was built.
 * Counting the whole `funders` view instead cost 65–120 ms a call at 24k launches, on every
 * leaderboard call.
 */
export const APPENDED_COUNTS_SQL = `SELECT ((SELECT count(*) FROM ${DELTA}.tokens)
  + (SELECT count(*) FROM ${DELTA}.funders))::BIGINT AS n`;

/**
 * True when the store holds exactly the tokens and fundings the index was built over (nothing
 * appended since). A served store's index is its base's, so only its appended rows are counted.
 */
export async function indexIsCurrent(db: Queryable, index: IdentityIndex): Promise<boolean> {
  if ((await servedLayoutOf(db)).served) {
    const [appended] = await db.all<{ n: number }>(APPENDED_COUNTS_SQL);
    return appended.n === 0;
  }
  const [now] = await db.all<{ tokens: number; funders: number }>(CURRENT_COUNTS_SQL);
  return now.tokens === index.tokens && now.funders === index.funders;
}
