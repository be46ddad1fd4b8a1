import type { Queryable } from '../store/queryable.js';
import { buildCohortSql } from './build-cohort-sql.js';
import type { CohortRequest } from './cohort-request.js';
import type { CohortStats } from './cohort-stats.js';
import { type CohortRow, cohortStatsOf } from './cohort-stats-of.js';

export interface CohortResult {
  /** Null when no settled token in the window matches the filters. */
  readonly cohort: CohortStats | null;
  readonly filters: CohortRequest['filters'];
  readonly window_days: number;
  readonly window: { readonly from: string; readonly to: string };
  readonly disclaimer: string;
  readonly says: string;
}

const DAY_MS = 86_400_000;
const DISCLAIMER =
  'Measured historical frequencies over settled outcomes, not a forecast; not adjusted for fees or slippage.';
const one = (v: number) => v.toFixed(1);

/** Runs a validated cohort request as of `asOf` (epoch ms) and describes the answer in one sentence. */
export async function queryCohort(
  db: Queryable,
  request: CohortRequest,
  asOf: number,
): Promise<CohortResult> {
  const q = buildCohortSql(request, asOf);
  const [row] = await db.all<CohortRow>(q.sql, q.params);
  const cohort = cohortStatsOf(row);
  const days = request.window_days;
  const says =
    cohort === null
      ? `No settled token analysed in the last ${days} days matches these filters.`
      : `Of ${cohort.n} settled tokens analysed in the last ${days} days that match, ${one(cohort.rug_pct)}% rugged ` +
        `(95% interval ${one(cohort.rug_pct_interval_95.lo_pct)}–${one(cohort.rug_pct_interval_95.hi_pct)}%) ` +
        `against a base rate of ${one(cohort.base_rate_pct)}%.`;
  return {
    cohort,
    filters: request.filters,
    window_days: days,
    window: { from: new Date(asOf - days * DAY_MS).toISOString(), to: new Date(asOf).toISOString() },
    disclaimer: DISCLAIMER,
    says,
  };
}
