import { z } from 'zod';

export const ModelFeature = z.object({
  name: z.string(),
  label: z.string(),
  /** Training mean and standard deviation of the raw input; unknown inputs are imputed with the mean. */
  mean: z.number(),
  sd: z.number(),
  /** Logit weight per standard deviation. */
  weight: z.number(),
  /** Share of training rows where the input was unknown, 0–100. */
  missing_pct: z.number(),
});
export type ModelFeature = z.infer<typeof ModelFeature>;

/** Lowest score of each band; below `elevated` is `low`. */
export const BandCuts = z.object({
  extreme: z.int(),
  critical: z.int(),
  elevated: z.int(),
});
export type BandCuts = z.infer<typeof BandCuts>;

/** The versioned scoring model stored as `model.json` in a dataset folder. */
export const RiskModel = z.object({
  format: z.literal('launchlens.risk-model/1'),
  version: z.string(),
  method: z.string(),
  score_definition: z.string(),
  l2: z.number(),
  intercept: z.number(),
  features: z.array(ModelFeature),
  bands: z.object({
    cuts: BandCuts,
    /** Training-score quantiles the cuts were taken at (low/elevated, elevated/critical, critical/extreme). */
    quantiles: z.tuple([z.number(), z.number(), z.number()]),
  }),
  training: z.object({
    /** Outcomes settled at or before the cutoff, of tokens analysed after `from`. */
    from: z.iso.datetime(),
    cutoff: z.iso.datetime(),
    n: z.int(),
    rugged: z.int(),
  }),
  calibration_window_days: z.int(),
  /**
   * Half-life of the recency weights of the band-rate trend the calibration reads its rates from;
   * null or absent (models fitted before it existed) = the plain rate of the window.
   */
  calibration_half_life_days: z.number().positive().nullish(),
  metrics: z.object({
    train_auc: z.number(),
    train_brier: z.number(),
    train_log_loss: z.number(),
    iterations: z.int(),
    converged: z.boolean(),
  }),
});
export type RiskModel = z.infer<typeof RiskModel>;
