import { wilsonInterval } from '../stats/wilson-interval.js';
import type { CohortStats } from './cohort-stats.js';

/** A row of the cohort query (counts as numbers, quantiles null when nothing matched). */
export interface CohortRow {
  n: number;
  rugged: number;
  base_n: number;
  base_rugged: number;
  /** Median, p75 and p90; null when nothing matched. */
  peak_gain_pct_q: [number, number, number] | null;
  median_seconds_to_peak: number | null;
  median_collapse_seconds: number | null;
}

/** Turns a cohort-query row into the statistics, with the rug rate's Wilson 95 % interval (z = 1.96). */
export function cohortStatsOf(row: CohortRow): CohortStats | null {
  if (row.n === 0) return null;
  const ci = wilsonInterval(row.rugged, row.n);
  const rugPct = (100 * row.rugged) / row.n;
  const basePct = row.base_n === 0 ? 0 : (100 * row.base_rugged) / row.base_n;
  return {
    n: row.n,
    rugged: row.rugged,
    rug_pct: rugPct,
    rug_pct_interval_95: {
      lo_pct: 100 * ci.lo,
      hi_pct: 100 * ci.hi,
      method: 'Wilson score interval, z = 1.96',
    },
    base_n: row.base_n,
    base_rate_pct: basePct,
    rug_lift_vs_base: basePct === 0 ? null : rugPct / basePct,
    median_peak_gain_pct: row.peak_gain_pct_q?.[0] ?? null,
    p75_peak_gain_pct: row.peak_gain_pct_q?.[1] ?? null,
    p90_peak_gain_pct: row.peak_gain_pct_q?.[2] ?? null,
    median_seconds_to_peak: row.median_seconds_to_peak,
    median_collapse_seconds: row.median_collapse_seconds,
  };
}
