/**
 * Where the identity index reads the rows it numbers. Wallets and mints are numbered in the order
 * of their strings (so sorting by the numbers sorts as the strings would) and every statement
 * between the numbering and the kept tables works on the numbers: a memory store numbers its
 * string tables (`TABLE_SOURCE`); the serving store's build reads the Parquet files' address ids,
 * which are numbered that way already (`PARQUET_SOURCE` in the store).
 */
export interface IdentitySource {
  /**
   * Statements creating `ix_wallet_ids` (`wallet`, `wid`: every holder wallet, kept) and
   * `ix_tmp_mint_ids` (`mint`, `analyzed_at`, `mid`: every token).
   */
  readonly numbering: readonly string[];
  /** Every `holders` row as `wid`, `mid`, `is_insider`, `is_sniper`. */
  readonly holders: string;
  /** Every `positions` row as `wid`, `mid`, `last_at`, `realized_sol`. */
  readonly positions: string;
  /** Every `funders` row as `wid`, `funder`, `funded_at`. */
  readonly funders: string;
}

/** A memory store's source: its string tables, numbered here. */
export const TABLE_SOURCE: IdentitySource = {
  numbering: [
    `CREATE OR REPLACE TABLE ix_wallet_ids AS
SELECT wallet, (row_number() OVER (ORDER BY wallet))::INTEGER AS wid FROM (SELECT DISTINCT wallet FROM holders)`,
    `CREATE OR REPLACE TABLE ix_tmp_mint_ids AS
SELECT mint, analyzed_at, (row_number() OVER (ORDER BY mint))::INTEGER AS mid FROM tokens`,
  ],
  holders: `(SELECT w.wid, m.mid, h.is_insider, h.is_sniper
  FROM holders h JOIN ix_wallet_ids w ON w.wallet = h.wallet JOIN ix_tmp_mint_ids m ON m.mint = h.mint)`,
  positions: `(SELECT w.wid, m.mid, p.last_at, p.realized_sol
  FROM positions p JOIN ix_wallet_ids w ON w.wallet = p.wallet JOIN ix_tmp_mint_ids m ON m.mint = p.mint)`,
  funders: '(SELECT w.wid, f.funder, f.funded_at FROM funders f JOIN ix_wallet_ids w ON w.wallet = f.wallet)',
};

/** What the identity index adds to a holder row (`ix_tmp_history_own`; columns of `ix_holder_history`). */
export const HOLDER_PRIOR_COLUMNS = [
  'prior_appearances',
  'prior_insider_in',
  'prior_sniper_in',
  'prior_realized_sol',
] as const;

/** The columns of `ix_holder_history`, in order. */
export const HOLDER_HISTORY_COLUMNS = [
  'mint',
  'wallet',
  'is_insider',
  'is_kol',
  ...HOLDER_PRIOR_COLUMNS,
  'rank',
  'supply_pct',
  'is_creator',
  'is_bundle',
  'is_sniper',
  'is_fresh',
  'is_early',
  'is_whale',
  'is_notable',
  'is_wash',
] as const;

/** A memory store's kept history: `ix_holder_history`, a table in (mint, wallet) order. */
export const HOLDER_HISTORY_TABLE_SQL = `CREATE OR REPLACE TABLE ix_holder_history AS
SELECT ${HOLDER_HISTORY_COLUMNS.map((c) => ((HOLDER_PRIOR_COLUMNS as readonly string[]).includes(c) ? `e.${c}` : `h.${c}`)).join(', ')}
FROM ix_tmp_history_own e
JOIN ix_wallet_ids w ON w.wid = e.wid
JOIN ix_tmp_mint_ids m ON m.mid = e.mid
JOIN holders h ON h.wallet = w.wallet AND h.mint = m.mint
ORDER BY e.mid, e.wid`;

/**
 * Derived tables behind the fast identity, graph and serial-insider paths, built once from the dataset
 * tables (never from anything after a token's own analysis, so each row is point-in-time exact):
 * - `ix_holder_history`: per (mint, wallet) of `holders`, the wallet's history before that
 *   token's analysis — other launches, as insider, as sniper, and realized SOL over positions
 *   known by then (a position is known once its last trade and its token's analysis are both past),
 *   plus the holder's own role flags, rank and supply share for the graph record; ordered by mint
 *   (an ART index on mint took identity 4.2 → 3.9 ms p50 but the 1,000-member graph 17–18 → 22–23 ms).
 *   `kept` writes it from `ix_tmp_history_own`, which holds each holder row's history by number
 *   (`HOLDER_PRIOR_COLUMNS`): a memory store's `HOLDER_HISTORY_TABLE_SQL`; the serving store keeps
 *   those columns in its `holders` table instead, and `ix_holder_history` is a view of it;
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
 * Wallets and mints are numbered first (`IdentitySource`; funders before `ix_funder_mints`,
 * `ix_tmp_funder_ids`), each in the order of its strings, so the windows, joins and sorts between
 * here and the last join back to the strings work on integers, and sorting by the numbers sorts as
 * the strings would (the identity index at 24k launches, one thread: 41.4 → 30.6 s of CPU). The
 * `ix_tmp_*` tables are plain tables (pooled connections do not share temporary ones), dropped at
 * the end. `kept` runs once `ix_tmp_history_own` is built, before anything reads `holders` or
 * `positions`.
 */
export function identityIndexSql(source: IdentitySource, kept: readonly string[]): readonly string[] {
  return [
    ...source.numbering,
    `CREATE OR REPLACE TABLE ix_tmp_events AS
SELECT h.wid, h.mid, m.analyzed_at,
  count(*) OVER win - 1 AS prior_appearances,
  (sum(h.is_insider::INTEGER) OVER win - h.is_insider::INTEGER)::BIGINT AS prior_insider_in,
  (sum(h.is_sniper::INTEGER) OVER win - h.is_sniper::INTEGER)::BIGINT AS prior_sniper_in
FROM ${source.holders} h JOIN ix_tmp_mint_ids m ON m.mid = h.mid
WINDOW win AS (PARTITION BY h.wid ORDER BY m.analyzed_at RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`,
    `CREATE OR REPLACE TABLE ix_tmp_positions AS
SELECT p.wid, p.mid, greatest(p.last_at, m.analyzed_at) AS known_at, p.realized_sol
FROM ${source.positions} p JOIN ix_tmp_mint_ids m ON m.mid = p.mid`,
    `CREATE OR REPLACE TABLE ix_tmp_realized AS
SELECT wid, known_at, sum(sum(realized_sol)) OVER (PARTITION BY wid ORDER BY known_at) AS realized_through
FROM ix_tmp_positions GROUP BY wid, known_at`,
    // A holder's own position counts in its realized history only once known by the token's own
    // analysis (closed before it); those rows are set apart so the join below is against them only.
    `CREATE OR REPLACE TABLE ix_tmp_own AS
SELECT p.wid, p.mid, p.realized_sol FROM ix_tmp_positions p JOIN ix_tmp_mint_ids m ON m.mid = p.mid
WHERE p.known_at <= m.analyzed_at`,
    // Three steps, not one statement: at 240k launches (29 M holder rows) the joins and the sort in
    // one pipeline ran out of memory; each step alone spills. (One window over the holder rows and
    // the positions together took 35–41 s against these steps' 47 s at 240k, but summed realized
    // SOL in a different order from run to run.)
    `CREATE OR REPLACE TABLE ix_tmp_history AS
SELECT e.*, coalesce(r.realized_through, 0) AS realized_through
FROM ix_tmp_events e
ASOF LEFT JOIN ix_tmp_realized r ON r.wid = e.wid AND e.analyzed_at >= r.known_at`,
    `CREATE OR REPLACE TABLE ix_tmp_history_own AS
SELECT h.wid, h.mid, h.prior_appearances, h.prior_insider_in, h.prior_sniper_in,
  h.realized_through - coalesce(own.realized_sol, 0) AS prior_realized_sol
FROM ix_tmp_history h LEFT JOIN ix_tmp_own own ON own.wid = h.wid AND own.mid = h.mid`,
    'DROP TABLE IF EXISTS ix_tmp_history',
    'DROP TABLE IF EXISTS ix_tmp_own',
    'DROP TABLE IF EXISTS ix_tmp_positions',
    'DROP TABLE IF EXISTS ix_tmp_realized',
    // What reads the numbered holder rows runs before the kept step, so that only
    // `ix_tmp_history_own` is held beside the tables it writes (at 240k launches the scratch
    // tables held then made the serving store's holders spill).
    `CREATE OR REPLACE TABLE ix_tmp_wids AS
SELECT m.mint, w.wids
FROM (SELECT mid, list(wid ORDER BY wid) AS wids FROM ix_tmp_events GROUP BY mid) w JOIN ix_tmp_mint_ids m ON m.mid = w.mid`,
    // Funders numbered in string order too: grouping and sorting by the numbers rather than the
    // strings took this step 2.1-2.4 -> 1.6-1.8 s at 24k launches (same rows).
    `CREATE OR REPLACE TABLE ix_tmp_funder_ids AS
SELECT funder, (row_number() OVER (ORDER BY funder))::INTEGER AS fid FROM (SELECT DISTINCT funder FROM funders)`,
    `CREATE OR REPLACE TABLE ix_funder_mints AS
SELECT fi.funder, m.mint, g.known_at
FROM (
  SELECT fi.fid, e.mid, min(greatest(f.funded_at, e.analyzed_at)) AS known_at
  FROM ${source.funders} f JOIN ix_tmp_funder_ids fi ON fi.funder = f.funder
  JOIN ix_tmp_events e ON e.wid = f.wid
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
    'DROP TABLE IF EXISTS ix_tmp_funder_ids',
    ...kept,
    'DROP TABLE IF EXISTS ix_tmp_history_own',
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
    'DROP TABLE IF EXISTS ix_tmp_mint_ids',
  ];
}

/** The identity index of a memory store (`prepareIdentityIndex`). */
export const IDENTITY_INDEX_SQL: readonly string[] = identityIndexSql(TABLE_SOURCE, [
  HOLDER_HISTORY_TABLE_SQL,
]);

/**
 * `sql` for a build on one connection, the serving store's: its `ix_tmp_*` tables are `TEMP`
 * tables, held in DuckDB's buffer pool and temporary folder instead of being written into the
 * database file and dropped. Serving store at 24k launches, one after the other at load ≈ 5: the
 * `ix_tmp_*` statements and `ix_holder_history` 24.2 → 16.1 s of CPU, the whole build 45.0 → 36.0
 * s; at 240k the file was ≈ 9 GB instead of 15.9 GB (the dropped tables' blocks no longer stay in it).
 */
export function oneConnectionIdentityIndexSql(
  sql: readonly string[] = IDENTITY_INDEX_SQL,
): readonly string[] {
  return sql.map((statement) =>
    statement.replace(/^CREATE OR REPLACE TABLE (ix_tmp_\w+)/, 'CREATE OR REPLACE TEMP TABLE $1'),
  );
}
