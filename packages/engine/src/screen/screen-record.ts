import { z } from 'zod';
import { CalibrationWindow, CollapseSpeed } from '../calibrate/band-calibration.js';
import { Action, Verdict } from '../model/verdict.js';
import { Platform } from '../tables/token-row.js';

export const ScreenContributions = z.object({
  method: z.string(),
  base_points: z.number(),
  factors: z.array(z.object({ factor: z.string(), label: z.string(), points: z.number() })),
});

export const ScreenCalibration = z.object({
  band: z.string(),
  /** The band's published rug rate, estimated as `rate_method` says. */
  rug_rate_pct: z.number().nullable(),
  rate_method: z.string(),
  /** Plain rug rate of the band's tokens settled in the window. */
  window_rate_pct: z.number().nullable(),
  n: z.int(),
  rugged: z.int(),
  interval_95: z.object({ lo_pct: z.number(), hi_pct: z.number(), method: z.string() }),
  window: CalibrationWindow,
  as_of: z.iso.datetime(),
});

const AuthoritySafety = z.enum(['revoked', 'active', 'unknown']);
/** The token screen record of API-SPEC §2.2. */
export const ScreenRecord = z.object({
  mint: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  platform: Platform,
  analyzed_at: z.iso.datetime(),
  rug_risk: z.object({
    score: z.int().min(0).max(100).nullable(),
    verdict: Verdict,
    action: Action,
    /** The band's measured rug rate, not a model output; null when the verdict is unknown. */
    rug_probability_pct: z.number().nullable(),
    /** 0–1: known share of the model's inputs × (1 − width of the band rate's 95 % interval). */
    confidence: z.number().min(0).max(1),
    model_version: z.string(),
    unknown_reason: z.string().nullable(),
    calibration: ScreenCalibration.nullable(),
    collapse_speed: CollapseSpeed.nullable(),
    contributions: ScreenContributions.nullable(),
  }),
  facts: z.object({
    holders: z.int(),
    top1_pct: z.number().nullable(),
    top10_pct: z.number().nullable(),
    snipers_n: z.int(),
    snipers_pct: z.number(),
    insiders_n: z.int(),
    insiders_pct: z.number(),
    fresh_n: z.int(),
    fresh_pct: z.number(),
    early_n: z.int(),
    early_pct: z.number(),
    groups_n: z.int(),
    groups_pct: z.number(),
    bundle_n: z.int(),
    bundled_pct: z.number(),
    dev_pct: z.number(),
    dev_sold: z.boolean(),
    mcap_at_analysis_usd: z.number().nullable(),
    price_at_analysis_usd: z.number().nullable(),
    liquidity_at_analysis_usd: z.number().nullable(),
  }),
  safety: z.object({
    mint_authority: AuthoritySafety,
    freeze_authority: AuthoritySafety,
    lp: z.enum(['burned', 'locked', 'unlocked', 'unknown']),
    /** No timelock data is indexed yet, so it is always reported as unknown. */
    timelock: z.literal('unknown'),
  }),
  says: z.string(),
});
export type ScreenRecord = z.infer<typeof ScreenRecord>;
