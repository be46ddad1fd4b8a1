import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

export interface WalletTieRow {
  wallet: string;
  kinds: string[];
  has_out: boolean;
  has_in: boolean;
  has_flow: boolean;
  tokens: number;
  strength: number;
  known_name: string | null;
  onward: number | null;
  onward_sample: string[] | null;
  total: number;
  onward_total: number;
}

/**
 * Direct ties of `address` as of `asOf` — recorded edges of launches analysed by then, and first
 * fundings at or before then — with each tie's onward connections. Ties are ranked by launches
 * shared, then strength; onward ties are expanded for the page only and never through exchanges.
 * The count of ties is a scalar subquery over `direct`, not `count(*) OVER ()` (see `pageSql` of
 * `build-search-sql.ts`: DuckDB 1.5.5's window operator failed now and then on a small store).
 */
export function buildWalletNetworkSql(
  address: string,
  asOf: number,
  limit: number,
  sample: number,
): SqlQuery {
  const t = timestampParam('as_of');
  const sql = `WITH vis AS (SELECT mint FROM tokens WHERE analyzed_at <= ${t}),
e AS (SELECT e.* FROM edges e JOIN vis ON vis.mint = e.mint),
f AS (SELECT wallet, funder FROM funders WHERE funded_at <= ${t}),
ties AS (
  SELECT wallet_a AS x, wallet_b AS y, kind, kind <> 'co_buy' AS flow, true AS outward, strength, mint FROM e
  UNION ALL SELECT wallet_b, wallet_a, kind, kind <> 'co_buy', false, strength, mint FROM e
  UNION ALL SELECT funder, wallet, 'funding', true, true, 1.0, NULL FROM f
  UNION ALL SELECT wallet, funder, 'funding', true, false, 1.0, NULL FROM f
),
direct AS (
  SELECT y AS wallet, list(DISTINCT kind ORDER BY kind) AS kinds,
    bool_or(flow AND outward) AS has_out, bool_or(flow AND NOT outward) AS has_in, bool_or(flow) AS has_flow,
    count(DISTINCT mint) AS tokens, max(strength) AS strength
  FROM ties WHERE x = $address AND y <> $address
  GROUP BY y
),
page AS (
  SELECT d.*, k.name AS known_name
  FROM direct d LEFT JOIN known_wallets k ON k.address = d.wallet
  ORDER BY d.tokens DESC, d.strength DESC, d.wallet LIMIT $limit
),
hop AS (
  SELECT DISTINCT p.wallet AS via, t.y AS other
  FROM page p JOIN ties t ON t.x = p.wallet
  WHERE p.known_name IS NULL AND t.y <> $address
),
onward AS (
  SELECT via, count(*) AS onward, list(other ORDER BY other)[1:$sample] AS onward_sample FROM hop GROUP BY via
),
reach AS (
  SELECT count(DISTINCT other) AS onward_total FROM hop WHERE other NOT IN (SELECT wallet FROM direct)
)
SELECT page.wallet, page.kinds, page.has_out, page.has_in, page.has_flow, page.tokens::BIGINT AS tokens, page.strength,
  page.known_name,
  CASE WHEN page.known_name IS NULL THEN coalesce(onward.onward, 0) END::BIGINT AS onward,
  onward.onward_sample, (SELECT count(*) FROM direct)::BIGINT AS total, reach.onward_total::BIGINT AS onward_total
FROM page LEFT JOIN onward ON onward.via = page.wallet CROSS JOIN reach
ORDER BY page.tokens DESC, page.strength DESC, page.wallet`;
  return { sql, params: { address, as_of: asOf, limit, sample } };
}
