import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

/**
 * The mints of `mints` analysed by `asOf`. One `$m<i>` parameter per mint, so the mint index of
 * `tokens` serves them (an index scan); `list_contains($mints, mint)` scanned every token
 * (240k launches: every call read 240k mints).
 */
export function buildCoveredMintsSql(mints: readonly string[], asOf: number): SqlQuery {
  const names = mints.map((_, i) => `$m${i}`);
  return {
    sql: `SELECT mint FROM tokens WHERE mint IN (${names.length > 0 ? names.join(', ') : 'NULL'}) AND analyzed_at <= ${timestampParam('as_of')}`,
    params: { ...Object.fromEntries(mints.map((m, i) => [`m${i}`, m])), as_of: asOf },
  };
}
