import type { SqlQuery } from '../sql/sql-query.js';
import type { SqlParam } from '../store/queryable.js';
import type { DiscoverRequest } from './discover-request.js';
import { timestampParam } from './time-param.js';

/**
 * Tokens analysed in (asOf − hours, asOf], newest first, with the SQL filters given. The page
 * is cut here only when no `max_rug_pct` applies: that filter needs each token's verdict first.
 * `total` counts the rows before the cut: a scalar subquery over `hits`, not `count(*) OVER ()`
 * (see `pageSql` of `build-search-sql.ts`), and `hits` is not materialized, so whole token rows
 * are not copied to be counted.
 */
export function buildDiscoverSql(request: DiscoverRequest, asOf: number): SqlQuery {
  const params: Record<string, SqlParam> = { as_of: asOf, from: asOf - request.hours * 3_600_000 };
  const where = [`analyzed_at > ${timestampParam('from')}`, `analyzed_at <= ${timestampParam('as_of')}`];
  if (request.platform !== undefined) {
    params.platform = request.platform;
    where.push('platform = $platform');
  }
  if (request.min_mcap !== undefined) {
    params.min_mcap = request.min_mcap;
    where.push('mcap_at_analysis_usd >= $min_mcap');
  }
  if (request.max_rug_pct !== undefined) where.push('NOT skipped');
  let limit = '';
  if (request.max_rug_pct === undefined) {
    params.limit = request.limit;
    limit = '\nLIMIT $limit';
  }
  const sql = `WITH hits AS NOT MATERIALIZED (SELECT * FROM tokens
WHERE ${where.join('\n  AND ')})
SELECT *, (SELECT count(*) FROM hits) AS total FROM hits
ORDER BY analyzed_at DESC, mint${limit}`;
  return { sql, params };
}
