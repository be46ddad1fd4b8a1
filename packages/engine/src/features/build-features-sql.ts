import { mintParams } from '../sql/mint-params.js';
import type { SqlQuery } from '../sql/sql-query.js';
import { type FeatureScope, scopeFilterSql } from './feature-scope.js';

/** The history columns of a features row, in order (the rest is the token's row). */
export const HISTORY_COLUMNS = [
  'creator_prior_launches',
  'creator_prior_settled',
  'creator_prior_rugged',
  'funder_prior_rugged',
  'funder_linked_n',
  'funder_linked_pct',
  'holder_rows',
  'exchange_funded_n',
  'exchange_funded_supply_pct',
  'prior_insiders_n',
  'rug_insiders_n',
  'serial_snipers_n',
] as const;

/** The served table of every base token's history columns, computed once when the serving store is built. */
export const FEATURE_HISTORY_TABLE = 'ix_feature_history';

/** `CREATE TABLE` text of `FEATURE_HISTORY_TABLE`: the features query over every token, history columns kept. */
export function featureHistoryTableSql(): string {
  return `CREATE TABLE ${FEATURE_HISTORY_TABLE} AS SELECT mint, ${HISTORY_COLUMNS.join(', ')} FROM (${buildFeaturesSql({ kind: 'all' }).sql}) ORDER BY mint`;
}

/**
 * One token's row (as `token_json` text) and its stored history, by two point lookups on mint
 * indexes: joining `tokens` to the history table instead took a hash join over the history
 * (≈ 3× the time, measured at 24k).
 */
export function buildHeldFeatureSql(mint: string): SqlQuery {
  const sql = `SELECT j.row AS token_json, ${HISTORY_COLUMNS.map((c) => `h.${c}`).join(', ')}
FROM token_json j, ${FEATURE_HISTORY_TABLE} h WHERE j.mint = $mint AND h.mint = $mint`;
  return { sql, params: { mint } };
}

/**
 * Several tokens' rows (as `token_json` texts) and their stored histories: two queries with one
 * parameter per mint, so the mint indexes serve both. The join over `tokens` that other scopes
 * use scanned both tables (25 mints at 24k: ≈ 16 ms, against ≈ 5 ms for these two).
 */
export function buildHeldMintsSql(mints: readonly string[]): { tokens: SqlQuery; history: SqlQuery } {
  const { list: names, params } = mintParams(mints);
  return {
    tokens: { sql: `SELECT mint, row FROM token_json WHERE mint IN (${names})`, params },
    history: {
      sql: `SELECT mint, ${HISTORY_COLUMNS.join(', ')} FROM ${FEATURE_HISTORY_TABLE} WHERE mint IN (${names})`,
      params,
    },
  };
}

/**
 * The features rows of a scope's tokens whose history `FEATURE_HISTORY_TABLE` holds (a served
 * base's tokens): the token row (its `tokenColumns` only, when given) and its stored history, in
 * the features query's order.
 */
export function buildHeldFeaturesSql(scope: FeatureScope, tokenColumns?: readonly string[]): SqlQuery {
  const filter = scopeFilterSql(scope);
  const token = tokenColumns === undefined ? 't.*' : tokenColumns.map((c) => `t.${c}`).join(', ');
  const sql = `SELECT ${token}, ${HISTORY_COLUMNS.map((c) => `h.${c}`).join(', ')}
FROM tokens t JOIN ${FEATURE_HISTORY_TABLE} h ON h.mint = t.mint
WHERE ${filter.sql}
ORDER BY t.analyzed_at, t.mint`;
  return { sql, params: filter.params };
}

/** The mints of a scope's tokens that `FEATURE_HISTORY_TABLE` does not hold (appended after the base was built). */
export function buildUnheldMintsSql(scope: FeatureScope): SqlQuery {
  const filter = scopeFilterSql(scope);
  const sql = `SELECT t.mint FROM tokens t WHERE ${filter.sql}
  AND NOT EXISTS (SELECT 1 FROM ${FEATURE_HISTORY_TABLE} h WHERE h.mint = t.mint)`;
  return { sql, params: filter.params };
}

/**
 * The features query (DESIGN §3, point in time): each selected token's row plus its
 * history using only launches analysed strictly before it and outcomes settled at or before its
 * `analyzed_at`. A wallet's history is reduced to the first moment it was an insider, a sniper
 * and an insider of a settled rug, so "before T" is one comparison per holder. The same text
 * serves the whole dataset (fitting) and one mint (serving).
 */
export function buildFeaturesSql(scope: FeatureScope): SqlQuery {
  const filter = scopeFilterSql(scope);
  // The scope's holder rows are read four times: kept once for a selection, read from `holders`
  // each time for the whole history, whose copy (29 M rows at 240k launches) spilled to disk and
  // was read back four times (the serving store's feature history at 240k: 96.5 → 22.1 s of CPU;
  // a week's or a month's tokens are 1.3–1.7× slower unkept).
  const holderRows = scope.kind === 'all' ? 'NOT MATERIALIZED' : 'MATERIALIZED';
  const sql = `WITH target AS (
  SELECT t.mint, t.creator, t.analyzed_at FROM tokens t WHERE ${filter.sql}
),
exchanges AS (
  SELECT DISTINCT address FROM known_wallets WHERE starts_with(kind, 'exchange')
),
creator_prior AS (
  SELECT x.mint, count(*) AS launches
  FROM target x JOIN tokens p ON p.creator = x.creator AND p.analyzed_at < x.analyzed_at
  GROUP BY x.mint
),
creator_settled AS (
  SELECT x.mint, count(*) AS settled, count(*) FILTER (WHERE o.rugged) AS rugged
  FROM target x
  JOIN tokens p ON p.creator = x.creator AND p.analyzed_at < x.analyzed_at
  JOIN outcomes o ON o.mint = p.mint AND o.settled_at <= x.analyzed_at
  GROUP BY x.mint
),
creator_funder AS (
  SELECT x.mint, x.creator, x.analyzed_at, f.funder
  FROM target x JOIN funders f ON f.wallet = x.creator AND f.funded_at <= x.analyzed_at
  ANTI JOIN exchanges e ON e.address = f.funder
),
funder_rugs AS (
  SELECT cf.mint, count(*) AS rugged
  FROM creator_funder cf
  JOIN (
    SELECT g.funder, g.wallet AS creator, o.settled_at
    FROM funders g JOIN tokens p ON p.creator = g.wallet JOIN outcomes o ON o.mint = p.mint
    WHERE o.rugged
  ) r ON r.funder = cf.funder AND r.creator <> cf.creator AND r.settled_at <= cf.analyzed_at
  GROUP BY cf.mint
),
target_holders AS ${holderRows} (
  SELECT x.mint, x.analyzed_at, h.wallet, h.is_sniper, h.funder, h.supply_pct
  FROM target x JOIN holders h ON h.mint = x.mint
),
funder_linked AS (
  SELECT cf.mint, count(*) AS n, coalesce(sum(th.supply_pct), 0) AS supply_pct
  FROM creator_funder cf
  JOIN target_holders th ON th.mint = cf.mint AND th.funder = cf.funder AND th.wallet <> cf.creator
  GROUP BY cf.mint
),
funding AS (
  SELECT th.mint, count(*) AS holder_rows,
    count(e.address) AS exchange_funded_n,
    coalesce(sum(th.supply_pct) FILTER (WHERE e.address IS NOT NULL), 0) AS exchange_funded_supply_pct
  FROM target_holders th LEFT JOIN exchanges e ON e.address = th.funder
  GROUP BY th.mint
),
wallet_firsts AS (
  SELECT h.wallet,
    min(tp.analyzed_at) FILTER (WHERE h.is_insider) AS first_insider_at,
    min(tp.analyzed_at) FILTER (WHERE h.is_sniper) AS first_sniper_at,
    min(o.settled_at) FILTER (WHERE h.is_insider AND o.rugged) AS first_rug_insider_settled_at
  FROM holders h
  JOIN tokens tp ON tp.mint = h.mint
  LEFT JOIN outcomes o ON o.mint = h.mint
  WHERE (h.is_insider OR h.is_sniper) AND h.wallet IN (SELECT wallet FROM target_holders)
  GROUP BY h.wallet
),
wallet_counts AS (
  SELECT th.mint,
    count(*) FILTER (WHERE wf.first_insider_at < th.analyzed_at) AS prior_insiders_n,
    count(*) FILTER (WHERE wf.first_rug_insider_settled_at <= th.analyzed_at) AS rug_insiders_n,
    count(*) FILTER (WHERE th.is_sniper AND wf.first_sniper_at < th.analyzed_at) AS serial_snipers_n
  FROM target_holders th JOIN wallet_firsts wf ON wf.wallet = th.wallet
  GROUP BY th.mint
)
SELECT x.*,
  coalesce(cp.launches, 0) AS creator_prior_launches,
  coalesce(cs.settled, 0) AS creator_prior_settled,
  coalesce(cs.rugged, 0) AS creator_prior_rugged,
  coalesce(fr.rugged, 0) AS funder_prior_rugged,
  coalesce(fl.n, 0) AS funder_linked_n,
  coalesce(fl.supply_pct, 0) AS funder_linked_pct,
  coalesce(fd.holder_rows, 0) AS holder_rows,
  coalesce(fd.exchange_funded_n, 0) AS exchange_funded_n,
  coalesce(fd.exchange_funded_supply_pct, 0) AS exchange_funded_supply_pct,
  coalesce(wc.prior_insiders_n, 0) AS prior_insiders_n,
  coalesce(wc.rug_insiders_n, 0) AS rug_insiders_n,
  coalesce(wc.serial_snipers_n, 0) AS serial_snipers_n
FROM target
JOIN tokens x ON x.mint = target.mint
LEFT JOIN creator_prior cp ON cp.mint = x.mint
LEFT JOIN creator_settled cs ON cs.mint = x.mint
LEFT JOIN funder_rugs fr ON fr.mint = x.mint
LEFT JOIN funder_linked fl ON fl.mint = x.mint
LEFT JOIN funding fd ON fd.mint = x.mint
LEFT JOIN wallet_counts wc ON wc.mint = x.mint
ORDER BY x.analyzed_at, x.mint`;
  return { sql, params: filter.params };
}
