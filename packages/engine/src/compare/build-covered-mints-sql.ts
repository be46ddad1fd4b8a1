import { timestampParam } from '../catalogue/time-param.js';
import { mintParams } from '../sql/mint-params.js';
import type { SqlQuery } from '../sql/sql-query.js';

/**
 * The mints of `mints` analysed by `asOf`, by the mint index of `tokens` (`mintParams`):
 * `list_contains($mints, mint)` scanned every token (240k launches: every call read 240k mints).
 */
export function buildCoveredMintsSql(mints: readonly string[], asOf: number): SqlQuery {
  const { list, params } = mintParams(mints);
  return {
    sql: `SELECT mint FROM tokens WHERE mint IN (${list}) AND analyzed_at <= ${timestampParam('as_of')}`,
    params: { ...params, as_of: asOf },
  };
}
