import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

export interface UpsideBaseRow {
  n: number;
  reached_2x: number;
  reached_5x: number;
}

/** Base 2x/5x counts: launches analysed in the `windowDays` before `until` whose outcome settled by `until`. */
export function buildUpsideBaseSql(until: number, windowDays: number): SqlQuery {
  const sql = `SELECT count(*)::BIGINT AS n,
  count(*) FILTER (WHERE o.reached_2x)::BIGINT AS reached_2x,
  count(*) FILTER (WHERE o.reached_5x)::BIGINT AS reached_5x
FROM outcomes o JOIN tokens t ON t.mint = o.mint
WHERE o.settled_at <= ${timestampParam('until')} AND t.analyzed_at > ${timestampParam('from')}`;
  return { sql, params: { until, from: until - windowDays * 86_400_000 } };
}
