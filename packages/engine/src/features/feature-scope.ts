import { type SqlQuery, sqlTimestamp } from '../sql/sql-query.js';
import type { TokenRow } from '../tables/token-row.js';

/**
 * Which tokens a features query covers. Every scope computes each token's features as of its own
 * analysis moment; the scope only selects the rows.
 */
export type FeatureScope =
  | { readonly kind: 'all' }
  | {
      readonly kind: 'mints';
      readonly mints: readonly string[];
      /** Token rows of some of these mints, when the caller has read them: they are not read again. */
      readonly rows?: readonly TokenRow[];
    }
  | { readonly kind: 'analyzed_between'; readonly from: number; readonly to: number }
  | { readonly kind: 'settled_between'; readonly from: number; readonly to: number };

/** The scope as a condition on `tokens t`. */
export function scopeFilterSql(scope: FeatureScope): SqlQuery {
  switch (scope.kind) {
    case 'all':
      return { sql: 'TRUE', params: {} };
    case 'mints':
      return { sql: 't.mint IN (SELECT unnest($mints))', params: { mints: scope.mints } };
    case 'analyzed_between':
      return {
        sql: `t.analyzed_at > ${sqlTimestamp(scope.from)} AND t.analyzed_at <= ${sqlTimestamp(scope.to)}`,
        params: {},
      };
    case 'settled_between':
      return {
        sql: `t.mint IN (SELECT mint FROM outcomes WHERE settled_at > ${sqlTimestamp(scope.from)} AND settled_at <= ${sqlTimestamp(scope.to)})`,
        params: {},
      };
  }
}
