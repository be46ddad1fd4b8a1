import type { SqlQuery } from '../sql/sql-query.js';
import { type FeatureScope, scopeFilterSql } from './feature-scope.js';

/** Outcome rows of the tokens in a scope (their `settled_at` says from when each is known). */
export function buildFrameOutcomesSql(scope: FeatureScope): SqlQuery {
  const filter = scopeFilterSql(scope);
  return {
    sql: `SELECT o.mint, o.settled_at, o.rugged, o.collapse_s, o.exit_window, o.reached_2x, o.reached_5x,
  o.peak_gain_pct, o.seconds_to_peak
FROM outcomes o JOIN tokens t ON t.mint = o.mint
WHERE ${filter.sql}`,
    params: filter.params,
  };
}
