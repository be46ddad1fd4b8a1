import type { BandCalibration } from '../calibrate/band-calibration.js';
import { calibrateBands } from '../calibrate/calibrate-bands.js';
import type { RiskFrame } from '../features/risk-frame.js';
import { bandIndices } from '../model/band-indices.js';
import { compileModel } from '../model/compile-model.js';
import { type FitRiskModelOptions, fitRiskModel } from '../model/fit-risk-model.js';
import type { RiskModel } from '../model/risk-model.js';
import { RISK_BANDS } from '../model/verdict.js';
import type { Prediction } from '../scorecard/prediction.js';
import { periodStarts, type RetrainEvery } from './period-starts.js';

export interface WalkForwardOptions {
  /** First moment scored (epoch ms); the first model is fitted on what settled by then. */
  readonly from: number;
  /** Tokens analysed before this moment are scored. */
  readonly to: number;
  readonly retrain: RetrainEvery;
  readonly fit?: Omit<FitRiskModelOptions, 'cutoff'>;
  /** Models already fitted, one per period start in order, used instead of fitting (redraws reuse them). */
  readonly models?: readonly RiskModel[];
}

export interface WalkForwardPeriod {
  readonly from: string;
  readonly to: string;
  readonly model: RiskModel;
  readonly scored: number;
}

export interface WalkForwardResult {
  readonly periods: readonly WalkForwardPeriod[];
  readonly predictions: readonly Prediction[];
}

const DAY_MS = 86_400_000;

/**
 * Walk-forward backtest: at each period start, fit a model on outcomes settled by then; score the
 * tokens analysed in the period; publish for each token its band's measured rate from the
 * trailing calibration as of the start of its analysis day (UTC), as the service would have.
 */
export function walkForward(frame: RiskFrame, options: WalkForwardOptions): WalkForwardResult {
  const periods: WalkForwardPeriod[] = [];
  const predictions: Prediction[] = [];
  for (const step of walkForwardPeriods(frame, options)) {
    periods.push(step.period);
    for (const p of step.predictions) predictions.push(p);
  }
  return { periods, predictions };
}

/** One period of a walk-forward: its model and the predictions for the tokens analysed in it. */
export interface WalkForwardStep {
  readonly period: WalkForwardPeriod;
  readonly predictions: readonly Prediction[];
}

/**
 * `walkForward` one period at a time, in order: a caller on an event loop can let other work run
 * between periods (each fits a model and calibrates a month of days).
 */
export function* walkForwardPeriods(
  frame: RiskFrame,
  options: WalkForwardOptions,
): Generator<WalkForwardStep> {
  const starts = periodStarts(options.from, options.to, options.retrain);
  if (options.models && options.models.length !== starts.length)
    throw new Error(`walkForward: ${options.models.length} models given for ${starts.length} periods`);
  for (const [k, start] of starts.entries()) {
    const predictions: Prediction[] = [];
    const end = Math.min(starts[k + 1] ?? options.to, options.to);
    const model = options.models?.[k] ?? fitRiskModel(frame, { ...options.fit, cutoff: start });
    const compiled = compileModel(model);
    const { scores, bands } = bandIndices(compiled, frame);
    const byDay = new Map<number, BandCalibration>();
    let scored = 0;
    for (let i = 0; i < frame.n; i++) {
      const at = frame.analyzedAt[i];
      if (at < start || at >= end) continue;
      const settled = frame.settledAt[i];
      const outcome = Number.isNaN(settled)
        ? { settled_at: null, rugged: null }
        : { settled_at: settled, rugged: frame.rugged[i] === 1 };
      if (bands[i] < 0) {
        predictions.push({
          mint: frame.mints[i],
          analyzed_at: at,
          model_version: model.version,
          score: null,
          verdict: 'unknown',
          probability: null,
          interval: null,
          ...outcome,
        });
        continue;
      }
      const day = Math.floor(at / DAY_MS) * DAY_MS;
      let cal = byDay.get(day);
      if (!cal) {
        cal = calibrateBands(frame, bands, {
          modelVersion: model.version,
          asOf: day,
          windowDays: model.calibration_window_days,
          halfLifeDays: model.calibration_half_life_days ?? null,
        });
        byDay.set(day, cal);
      }
      const band = RISK_BANDS[bands[i]];
      const { rug_rate_pct: rate, interval_95: ci } = cal.bands[band];
      scored++;
      predictions.push({
        mint: frame.mints[i],
        analyzed_at: at,
        model_version: model.version,
        score: scores[i],
        verdict: band,
        probability: rate === null ? null : rate / 100,
        interval: rate === null ? null : { lo: ci.lo_pct / 100, hi: ci.hi_pct / 100 },
        ...outcome,
      });
    }
    const period = { from: new Date(start).toISOString(), to: new Date(end).toISOString(), model, scored };
    yield { period, predictions };
  }
}
