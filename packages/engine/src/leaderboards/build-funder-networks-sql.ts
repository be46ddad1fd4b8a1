import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';
import type { FunderNetworksRequest } from './funder-networks-request.js';

export interface FunderRowOut {
  funder: string;
  funder_known: string | null;
  wallets_funded: number;
  tokens: number;
  first_seen: number;
  last_seen: number;
  sample_wallets: string[];
  total: number;
}

/**
 * Funders of at least `min_wallets` traders (first funding at or before `asOf`), most wallets
 * first; samples and launches are computed for the page's funders only. A (funder, launch) pair
 * counts once a wallet it funded by then traded a launch analysed by then. The count of funders
 * (`total`) is a scalar subquery over `agg`, not `count(*) OVER ()`: DuckDB 1.5.5's window
 * operator failed now and then on a small store (see `pageSql` of `build-search-sql.ts`), and over
 * the whole-history summary it held every qualifying row, lists included, to number them.
 */
export function buildFunderNetworksSql(request: FunderNetworksRequest, asOf: number): SqlQuery {
  const t = timestampParam('as_of');
  const sql = `WITH f AS (SELECT wallet, funder, funded_at FROM funders WHERE funded_at <= ${t}),
agg AS (
  SELECT funder, count(*) AS wallets_funded, min(funded_at) AS first_seen, max(funded_at) AS last_seen
  FROM f GROUP BY funder HAVING count(*) >= $min_wallets
),
page AS (SELECT * FROM agg ORDER BY wallets_funded DESC, funder LIMIT $limit),
sample AS (
  SELECT funder, min_by(wallet, {'t': funded_at, 'w': wallet}, 5) AS sample_wallets
  FROM f WHERE funder IN (SELECT funder FROM page) GROUP BY funder
),
tok AS (
  SELECT f.funder, count(DISTINCT h.mint) AS tokens
  FROM f JOIN holders h ON h.wallet = f.wallet JOIN tokens t ON t.mint = h.mint
  WHERE f.funder IN (SELECT funder FROM page) AND t.analyzed_at <= ${t}
  GROUP BY f.funder
)
SELECT page.funder, k.name AS funder_known, page.wallets_funded::BIGINT AS wallets_funded,
  coalesce(tok.tokens, 0)::BIGINT AS tokens, page.first_seen, page.last_seen, sample.sample_wallets,
  (SELECT count(*) FROM agg)::BIGINT AS total
FROM page JOIN sample ON sample.funder = page.funder LEFT JOIN tok ON tok.funder = page.funder
LEFT JOIN known_wallets k ON k.address = page.funder
ORDER BY page.wallets_funded DESC, page.funder`;
  return { sql, params: { as_of: asOf, min_wallets: request.min_wallets, limit: request.limit } };
}

/**
 * `buildFunderNetworksSql` over the identity index: launches come from `ix_funder_mints` (each
 * funder's launches with the time each became known, exact for any `asOf`); when `wholeHistory`
 * (`asOf` at or after the index's `funded_through`) the whole page is read from `ix_funder_summary`,
 * by `rank` as `buildWholeSerialInsidersSql` reads `ix_serial_insiders`.
 */
export function buildIndexedFunderNetworksSql(
  request: FunderNetworksRequest,
  asOf: number,
  wholeHistory: boolean,
): SqlQuery {
  const t = timestampParam('as_of');
  if (wholeHistory) {
    const sql = `WITH hits AS NOT MATERIALIZED (SELECT * FROM ix_funder_summary WHERE wallets_funded >= $min_wallets),
page AS (SELECT * FROM hits WHERE rank <= $limit)
SELECT page.funder, k.name AS funder_known, page.wallets_funded::BIGINT AS wallets_funded, page.tokens::BIGINT AS tokens,
  page.first_seen, page.last_seen, page.sample_wallets, (SELECT count(*) FROM hits)::BIGINT AS total
FROM page LEFT JOIN known_wallets k ON k.address = page.funder
ORDER BY page.rank`;
    return { sql, params: { min_wallets: request.min_wallets, limit: request.limit } };
  }
  const sql = `WITH f AS (SELECT wallet, funder, funded_at FROM funders WHERE funded_at <= ${t}),
agg AS (
  SELECT funder, count(*) AS wallets_funded, min(funded_at) AS first_seen, max(funded_at) AS last_seen
  FROM f GROUP BY funder HAVING count(*) >= $min_wallets
),
top AS (SELECT * FROM agg ORDER BY wallets_funded DESC, funder LIMIT $limit),
page AS (
  SELECT top.*, s.sample_wallets FROM top JOIN (
    SELECT funder, min_by(wallet, {'t': funded_at, 'w': wallet}, 5) AS sample_wallets
    FROM f WHERE funder IN (SELECT funder FROM top) GROUP BY funder
  ) s ON s.funder = top.funder
),
tok AS (
  SELECT funder, count(*) AS tokens FROM ix_funder_mints
  WHERE funder IN (SELECT funder FROM page) AND known_at <= ${t}
  GROUP BY funder
)
SELECT page.funder, k.name AS funder_known, page.wallets_funded::BIGINT AS wallets_funded,
  coalesce(tok.tokens, 0)::BIGINT AS tokens, page.first_seen, page.last_seen, page.sample_wallets,
  (SELECT count(*) FROM agg)::BIGINT AS total
FROM page LEFT JOIN tok ON tok.funder = page.funder LEFT JOIN known_wallets k ON k.address = page.funder
ORDER BY page.wallets_funded DESC, page.funder`;
  return { sql, params: { as_of: asOf, min_wallets: request.min_wallets, limit: request.limit } };
}
