import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';
import { rowsOfMintsSql } from '../store/rows-of-mints-sql.js';
import { DELTA } from '../store/serving-store-sql.js';
import { FUNDED_WALLETS_TABLE, WALLET_EDGES_TABLE } from './wallet-index-sql.js';

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
 * With `wallets` (a served store holding `walletIndexSql`'s tables) the ties of this wallet and
 * of the page's wallets are read from the base's wallet-ordered edges and fundings and from the
 * rows appended since, instead of every edge and funding of the history.
 */
export function buildWalletNetworkSql(
  address: string,
  asOf: number,
  limit: number,
  sample: number,
  options: { readonly wallets?: boolean } = {},
): SqlQuery {
  const t = timestampParam('as_of');
  const ties = options.wallets
    ? `direct_ties AS (${servedTiesSql((x) => `${x} = $address`)}),`
    : `vis AS (SELECT mint FROM tokens WHERE analyzed_at <= ${t}),
e AS (SELECT e.* FROM edges e JOIN vis ON vis.mint = e.mint),
f AS (SELECT wallet, funder FROM funders WHERE funded_at <= ${t}),
ties AS (
  SELECT wallet_a AS x, wallet_b AS y, kind, kind <> 'co_buy' AS flow, true AS outward, strength, mint FROM e
  UNION ALL SELECT wallet_b, wallet_a, kind, kind <> 'co_buy', false, strength, mint FROM e
  UNION ALL SELECT funder, wallet, 'funding', true, true, 1.0, NULL FROM f
  UNION ALL SELECT wallet, funder, 'funding', true, false, 1.0, NULL FROM f
),
direct_ties AS (SELECT * FROM ties WHERE x = $address),`;
  const hopTies = options.wallets
    ? servedTiesSql((x) => `${x} IN (SELECT wallet FROM page WHERE known_name IS NULL)`)
    : 'SELECT * FROM ties';
  const sql = `WITH ${ties}
direct AS (
  SELECT y AS wallet, list(DISTINCT kind ORDER BY kind) AS kinds,
    bool_or(flow AND outward) AS has_out, bool_or(flow AND NOT outward) AS has_in, bool_or(flow) AS has_flow,
    count(DISTINCT mint) AS tokens, max(strength) AS strength
  FROM direct_ties WHERE y <> $address
  GROUP BY y
),
page AS (
  SELECT d.*, k.name AS known_name
  FROM direct d LEFT JOIN known_wallets k ON k.address = d.wallet
  ORDER BY d.tokens DESC, d.strength DESC, d.wallet LIMIT $limit
),
hop_ties AS (${hopTies}),
hop AS (
  SELECT DISTINCT p.wallet AS via, t.y AS other
  FROM page p JOIN hop_ties t ON t.x = p.wallet
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

/**
 * Ties `(x, y, kind, flow, outward, strength, mint)` of the wallets `isX(column)` selects, as of
 * `$as_of`, on a served store: the base's wallet-ordered edges (its token's analysis time, or the
 * appended token's) and fundings by funder and by wallet, and the edges and fundings appended since.
 */
function servedTiesSql(isX: (column: string) => string): string {
  const t = timestampParam('as_of');
  const deltaEdges = (from: string, to: string, outward: boolean) =>
    `SELECT e.${from}, e.${to}, e.kind, e.kind <> 'co_buy', ${outward}, e.strength, e.mint
  FROM ${DELTA}.edges e
  JOIN ${rowsOfMintsSql('tokens', 'mint, analyzed_at', `SELECT mint FROM ${DELTA}.edges WHERE ${isX(from)}`)} v
    ON v.mint = e.mint AND v.analyzed_at <= ${t}
  WHERE ${isX(`e.${from}`)}`;
  return `
  SELECT w.x, w.y, w.kind, w.flow, w.outward, w.strength, w.mint
  FROM ${WALLET_EDGES_TABLE} w LEFT JOIN ${DELTA}.tokens v ON v.mint = w.mint
  WHERE ${isX('w.x')} AND coalesce(w.analyzed_at, v.analyzed_at) <= ${t}
  UNION ALL ${deltaEdges('wallet_a', 'wallet_b', true)}
  UNION ALL ${deltaEdges('wallet_b', 'wallet_a', false)}
  UNION ALL SELECT funder, wallet, 'funding', true, true, 1.0, NULL FROM ${FUNDED_WALLETS_TABLE}
  WHERE ${isX('funder')} AND funded_at <= ${t}
  UNION ALL SELECT funder, wallet, 'funding', true, true, 1.0, NULL FROM ${DELTA}.funders
  WHERE ${isX('funder')} AND funded_at <= ${t}
  UNION ALL SELECT wallet, funder, 'funding', true, false, 1.0, NULL FROM funders
  WHERE ${isX('wallet')} AND funded_at <= ${t}`;
}
