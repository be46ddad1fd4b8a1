import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';
import type { SerialInsidersRequest } from './serial-insiders-request.js';

export interface SerialInsiderRow {
  wallet: string;
  insider_in: number;
  also_held: number;
  early_investor_in: number;
  avg_supply_pct: number;
  realized_sol: number;
  insider_settled: number;
  insider_rugged: number;
  sample_tokens: string[];
  total: number;
}

/**
 * Wallets that were insiders in at least `min_tokens` launches analysed by `asOf`, most insider
 * launches first; the page is cut before the per-wallet details are computed, so their cost
 * grows with `limit`, not with the number of wallets. The count of wallets (`total`) is a scalar
 * subquery over `ins`, not `count(*) OVER ()` (see `buildFunderNetworksSql`).
 */
export function buildSerialInsidersSql(request: SerialInsidersRequest, asOf: number): SqlQuery {
  const t = timestampParam('as_of');
  const sql = `WITH vis AS (SELECT mint, analyzed_at FROM tokens WHERE analyzed_at <= ${t}),
ins AS (
  SELECT h.wallet, count(*) AS insider_in
  FROM holders h JOIN vis v ON v.mint = h.mint
  WHERE h.is_insider
  GROUP BY h.wallet
  HAVING count(*) >= $min_tokens
),
page AS (SELECT wallet, insider_in FROM ins ORDER BY insider_in DESC, wallet LIMIT $limit),
held AS (
  SELECT h.wallet, h.mint, h.is_insider, h.is_sniper OR h.is_early AS early, h.supply_pct, v.analyzed_at
  FROM holders h JOIN vis v ON v.mint = h.mint
  WHERE h.wallet IN (SELECT wallet FROM page)
),
agg AS (
  SELECT wallet, count(*) AS also_held, count(*) FILTER (WHERE early) AS early_investor_in,
    avg(supply_pct) FILTER (WHERE is_insider) AS avg_supply_pct,
    list(mint ORDER BY analyzed_at DESC, mint) FILTER (WHERE is_insider) AS insider_mints
  FROM held GROUP BY wallet
),
pnl AS (
  SELECT r.wallet, sum(p.realized_sol) AS realized_sol
  FROM held r JOIN positions p ON p.wallet = r.wallet AND p.mint = r.mint
  WHERE r.is_insider AND p.last_at <= ${t}
  GROUP BY r.wallet
),
fate AS (
  SELECT r.wallet, count(*) AS insider_settled, count(*) FILTER (WHERE o.rugged) AS insider_rugged
  FROM held r JOIN outcomes o ON o.mint = r.mint
  WHERE r.is_insider AND o.settled_at <= ${t}
  GROUP BY r.wallet
)
SELECT page.wallet, page.insider_in::BIGINT AS insider_in, agg.also_held::BIGINT AS also_held,
  agg.early_investor_in::BIGINT AS early_investor_in, agg.avg_supply_pct,
  coalesce(pnl.realized_sol, 0) AS realized_sol,
  coalesce(fate.insider_settled, 0)::BIGINT AS insider_settled, coalesce(fate.insider_rugged, 0)::BIGINT AS insider_rugged,
  agg.insider_mints[1:5] AS sample_tokens, (SELECT count(*) FROM ins)::BIGINT AS total
FROM page JOIN agg ON agg.wallet = page.wallet
LEFT JOIN pnl ON pnl.wallet = page.wallet
LEFT JOIN fate ON fate.wallet = page.wallet
ORDER BY page.insider_in DESC, page.wallet`;
  return { sql, params: { as_of: asOf, min_tokens: request.min_tokens, limit: request.limit } };
}

/**
 * `buildSerialInsidersSql` over the identity index: every row of an insider wallet is in
 * `ix_insider_rows` (with its position), so the same answer comes from ≈ 2 % of the holder rows.
 */
export function buildIndexedSerialInsidersSql(request: SerialInsidersRequest, asOf: number): SqlQuery {
  const t = timestampParam('as_of');
  const sql = `WITH r AS (SELECT * FROM ix_insider_rows WHERE analyzed_at <= ${t}),
ins AS (
  SELECT wallet, count(*) FILTER (WHERE is_insider) AS insider_in FROM r
  GROUP BY wallet HAVING count(*) FILTER (WHERE is_insider) >= $min_tokens
),
page AS (SELECT wallet, insider_in FROM ins ORDER BY insider_in DESC, wallet LIMIT $limit),
agg AS (
  SELECT r.wallet, count(*) AS also_held, count(*) FILTER (WHERE r.early) AS early_investor_in,
    avg(r.supply_pct) FILTER (WHERE r.is_insider) AS avg_supply_pct,
    list(r.mint ORDER BY r.analyzed_at DESC, r.mint) FILTER (WHERE r.is_insider) AS insider_mints,
    sum(r.realized_sol) FILTER (WHERE r.is_insider AND r.position_last_at <= ${t}) AS realized_sol
  FROM r WHERE r.wallet IN (SELECT wallet FROM page)
  GROUP BY r.wallet
),
fate AS (
  SELECT r.wallet, count(*) AS insider_settled, count(*) FILTER (WHERE o.rugged) AS insider_rugged
  FROM r JOIN outcomes o ON o.mint = r.mint
  WHERE r.is_insider AND o.settled_at <= ${t} AND r.wallet IN (SELECT wallet FROM page)
  GROUP BY r.wallet
)
SELECT page.wallet, page.insider_in::BIGINT AS insider_in, agg.also_held::BIGINT AS also_held,
  agg.early_investor_in::BIGINT AS early_investor_in, agg.avg_supply_pct,
  coalesce(agg.realized_sol, 0) AS realized_sol,
  coalesce(fate.insider_settled, 0)::BIGINT AS insider_settled, coalesce(fate.insider_rugged, 0)::BIGINT AS insider_rugged,
  agg.insider_mints[1:5] AS sample_tokens, (SELECT count(*) FROM ins)::BIGINT AS total
FROM page JOIN agg ON agg.wallet = page.wallet
LEFT JOIN fate ON fate.wallet = page.wallet
ORDER BY page.insider_in DESC, page.wallet`;
  return { sql, params: { as_of: asOf, min_tokens: request.min_tokens, limit: request.limit } };
}

/**
 * The serial-insiders page read from `ix_serial_insiders`, the identity index's whole-history
 * totals: the same answer as `buildIndexedSerialInsidersSql` for an `asOf` at or after the
 * index's `insiders_through`, without aggregating every insider row. The table is numbered in
 * the page's order (`rank`) and `insider_in` is its first key, so the wallets with `min_tokens` or
 * more are ranks 1 to `total`, and the page is ranks 1 to `limit`: zone maps on `rank` read one
 * row group instead of sorting every qualifying wallet. `hits` is `NOT MATERIALIZED`: referenced
 * twice, DuckDB would otherwise copy every qualifying row, sample lists included (240k: ≈ 20 ms).
 */
export function buildWholeSerialInsidersSql(request: SerialInsidersRequest): SqlQuery {
  const sql = `WITH hits AS NOT MATERIALIZED (SELECT * FROM ix_serial_insiders WHERE insider_in >= $min_tokens)
SELECT wallet, insider_in, also_held, early_investor_in, avg_supply_pct, realized_sol,
  insider_settled, insider_rugged, sample_tokens, (SELECT count(*) FROM hits)::BIGINT AS total
FROM hits
WHERE rank <= $limit
ORDER BY rank`;
  return { sql, params: { min_tokens: request.min_tokens, limit: request.limit } };
}
