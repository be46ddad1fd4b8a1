import { z } from 'zod';

export const CalibrationWindow = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  days: z.number(),
});
export type CalibrationWindow = z.infer<typeof CalibrationWindow>;

/** How fast the band's rugs fell (peak → −90 %), and whether they left an exit window. */
export const CollapseSpeed = z.object({
  /** Rugged tokens of the band in the window with a measured collapse. */
  n: z.int(),
  median_s: z.number().nullable(),
  p25_s: z.number().nullable(),
  p75_s: z.number().nullable(),
  /** Of the band's rugged tokens, the share whose price held the analysis price ≥ 60 s, 0–100. */
  exit_window_pct: z.number().nullable(),
  method: z.string(),
});
export type CollapseSpeed = z.infer<typeof CollapseSpeed>;

export const BandUpside = z.object({
  reached_2x_pct: z.number().nullable(),
  reached_5x_pct: z.number().nullable(),
  /** Band rate ÷ base rate of the same window. */
  lift_2x: z.number().nullable(),
  lift_5x: z.number().nullable(),
});
export type BandUpside = z.infer<typeof BandUpside>;

export const BandRate = z.object({
  n: z.int(),
  rugged: z.int(),
  /** The band's published rug rate, 0–100, estimated as `rate_method` says; null with no settled token. */
  rug_rate_pct: z.number().nullable(),
  rate_method: z.string(),
  /** Plain rug rate of the band's tokens settled in the window, 0–100. */
  window_rate_pct: z.number().nullable(),
  /** Sample size a plain proportion would need for the published rate's precision (n for the plain rate). */
  effective_n: z.number(),
  interval_95: z.object({ lo_pct: z.number(), hi_pct: z.number(), method: z.string() }),
  window: CalibrationWindow,
  collapse_speed: CollapseSpeed,
  upside: BandUpside,
});
export type BandRate = z.infer<typeof BandRate>;

/** Per band, what settled tokens of that band did in a trailing window as of a moment. */
export const BandCalibration = z.object({
  model_version: z.string(),
  as_of: z.iso.datetime(),
  base: z.object({
    n: z.int(),
    rugged: z.int(),
    rug_rate_pct: z.number().nullable(),
    reached_2x_pct: z.number().nullable(),
    reached_5x_pct: z.number().nullable(),
    window: CalibrationWindow,
  }),
  bands: z.object({ extreme: BandRate, critical: BandRate, elevated: BandRate, low: BandRate }),
  /** The bands' shared recency-weighted logistic trend, when the rates are read from it. */
  trend: z.object({ logit_per_day: z.number(), half_life_days: z.number() }).nullable(),
});
export type BandCalibration = z.infer<typeof BandCalibration>;
