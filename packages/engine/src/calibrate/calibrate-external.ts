import { bandCutsAt } from '../model/band-cuts-at.js';
import { bandOf } from '../model/band-of.js';
import type { BandCuts } from '../model/risk-model.js';
import { RISK_BANDS, type RiskBand } from '../model/verdict.js';
import { brierScore } from '../stats/brier-score.js';
import { expectedCalibrationError } from '../stats/expected-calibration-error.js';
import { wilsonInterval } from '../stats/wilson-interval.js';

export interface ExternalPrediction {
  /** The outside model's probability that the token is high risk, 0–1. */
  readonly risk_probability: number;
  readonly high_risk: boolean;
}

export interface ExternalBand {
  readonly band: RiskBand;
  /** Rows of the measure part in the band. */
  readonly n: number;
  /** Mean of the outside model's own probability (before), the band rate measured on the fit part (after). */
  readonly before_pct: number | null;
  readonly after_pct: number | null;
  /** What the measure part's rows of the band actually did. */
  readonly measured_pct: number | null;
  readonly interval_95: { readonly lo_pct: number; readonly hi_pct: number };
}

export interface ExternalCalibration {
  readonly fit_n: number;
  readonly measure_n: number;
  readonly cuts: BandCuts;
  readonly ece_before: number;
  readonly ece_after: number;
  readonly brier_before: number;
  readonly brier_after: number;
  readonly bands: readonly ExternalBand[];
  readonly method: string;
}

/**
 * Applies the engine's band calibration to an outside model's predictions: the first `fitShare`
 * of the rows (in the order given) place the cut points (score = round(100·p), training-score
 * quantiles as the risk model uses) and measure each band's rate; the rest are scored with those
 * rates and judged. ECE over 10 equal-width bins, Wilson 95 % intervals (z = 1.96).
 */
export function calibrateExternal(
  rows: readonly ExternalPrediction[],
  options: { readonly fitShare?: number; readonly quantiles?: readonly [number, number, number] } = {},
): ExternalCalibration {
  const split = Math.floor(rows.length * (options.fitShare ?? 0.5));
  const fit = rows.slice(0, split);
  const measure = rows.slice(split);
  if (fit.length === 0 || measure.length === 0)
    throw new RangeError(`cannot split ${rows.length} rows into two parts`);
  const score = (r: ExternalPrediction) => Math.round(100 * r.risk_probability);
  const cuts = bandCutsAt(
    fit.map(score).sort((a, b) => a - b),
    options.quantiles ?? [0.3, 0.6, 0.85],
  );
  const fitRate = new Map<RiskBand, number>();
  for (const band of RISK_BANDS) {
    const inBand = fit.filter((r) => bandOf(cuts, score(r)) === band);
    const overall = fit.filter((r) => r.high_risk).length / fit.length;
    fitRate.set(
      band,
      inBand.length === 0 ? overall : inBand.filter((r) => r.high_risk).length / inBand.length,
    );
  }
  const y = measure.map((r) => (r.high_risk ? 1 : 0));
  const before = measure.map((r) => r.risk_probability);
  const after = measure.map((r) => fitRate.get(bandOf(cuts, score(r)))!);
  const bands = RISK_BANDS.map((band): ExternalBand => {
    const idx = measure.flatMap((r, i) => (bandOf(cuts, score(r)) === band ? [i] : []));
    const k = idx.filter((i) => y[i] === 1).length;
    const ci = wilsonInterval(k, idx.length);
    const mean = (xs: number[]) =>
      xs.length === 0 ? null : (100 * xs.reduce((a, b) => a + b, 0)) / xs.length;
    return {
      band,
      n: idx.length,
      before_pct: mean(idx.map((i) => before[i])),
      after_pct: idx.length === 0 ? null : 100 * fitRate.get(band)!,
      measured_pct: idx.length === 0 ? null : (100 * k) / idx.length,
      interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi },
    };
  });
  return {
    fit_n: fit.length,
    measure_n: measure.length,
    cuts,
    ece_before: expectedCalibrationError(before, y).ece,
    ece_after: expectedCalibrationError(after, y).ece,
    brier_before: brierScore(before, y),
    brier_after: brierScore(after, y),
    bands,
    method:
      'split in row order (fit part first); cut points at fit-score quantiles; band rate measured on the fit part; ECE with 10 equal-width bins',
  };
}
