import { z } from 'zod';

/** The cohort statistics of API-SPEC §2.3, plus the rug rate's 95 % interval. */
export const CohortStats = z.object({
  n: z.int(),
  rugged: z.int(),
  rug_pct: z.number(),
  rug_pct_interval_95: z.object({ lo_pct: z.number(), hi_pct: z.number(), method: z.string() }),
  base_n: z.int(),
  base_rate_pct: z.number(),
  rug_lift_vs_base: z.number().nullable(),
  median_peak_gain_pct: z.number().nullable(),
  p75_peak_gain_pct: z.number().nullable(),
  p90_peak_gain_pct: z.number().nullable(),
  median_seconds_to_peak: z.number().nullable(),
  /** Over the cohort's rugs with a measured peak → −90 % collapse; null without one. */
  median_collapse_seconds: z.number().nullable(),
});
export type CohortStats = z.infer<typeof CohortStats>;
