import { RISK_FEATURES } from '../features/risk-features.js';
import type { RiskFrame } from '../features/risk-frame.js';
import { brierScore } from '../stats/brier-score.js';
import { rocAuc } from '../stats/roc-auc.js';
import { bandCutsAt } from './band-cuts-at.js';
import { fitLogistic } from './fit-logistic.js';
import type { RiskModel } from './risk-model.js';

export interface FitRiskModelOptions {
  /** Train on outcomes settled at or before this moment (epoch ms). */
  readonly cutoff: number;
  /** Only tokens analysed within this many days before the cutoff (default 30); null = all history. */
  readonly trainWindowDays?: number | null;
  /** L2 penalty λ on standardised weights (default 1). */
  readonly l2?: number;
  /** Training-score quantiles at which the band cut points sit (default 0.30, 0.60, 0.85). */
  readonly bandQuantiles?: readonly [number, number, number];
  /** Trailing window of the band calibration that goes with this model (default 56 days). */
  readonly calibrationWindowDays?: number;
  /** Half-life of the calibration's band-rate trend (default 7 days); null = plain window rate. */
  readonly calibrationHalfLifeDays?: number | null;
}

/**
 * Defaults chosen by walk-forward on the default simulated dataset (seed 42), whose regimes
 * drift: a 30-day training window, and band rates read from a 56-day recency-weighted trend
 * with a 7-day half-life (chosen on Sep 1 – Oct 24 of four seeds with outcomes redrawn from the
 * simulator's truth, checked on the last month; the measured sweeps are in model/README.md).
 */
export const DEFAULT_TRAIN_WINDOW_DAYS = 30;
export const DEFAULT_CALIBRATION_WINDOW_DAYS = 56;
export const DEFAULT_CALIBRATION_HALF_LIFE_DAYS = 7;

const DAY_MS = 86_400_000;
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Rows a model fitted with these options may learn from: settled by the cutoff, not skipped. */
function trainingRows(frame: RiskFrame, options: FitRiskModelOptions): number[] {
  const from = trainFrom(options);
  const rows: number[] = [];
  for (let i = 0; i < frame.n; i++) {
    if (frame.skipped[i] || !(frame.settledAt[i] <= options.cutoff) || !(frame.analyzedAt[i] > from))
      continue;
    rows.push(i);
  }
  return rows;
}

/**
 * Fits the risk model on standardised features (unknown inputs imputed with the training mean)
 * by L2-regularised logistic regression (Newton–Raphson), and places the band cut points at
 * quantiles (type 7) of the training scores.
 */
export function fitRiskModel(frame: RiskFrame, options: FitRiskModelOptions): RiskModel {
  const rows = trainingRows(frame, options);
  const n = rows.length;
  const d = frame.d;
  if (n < 2 * d) throw new RangeError(`only ${n} settled tokens before the cutoff; need at least ${2 * d}`);
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  const known = new Float64Array(d);
  for (const i of rows) {
    for (let j = 0; j < d; j++) {
      const v = frame.x[i * d + j];
      if (Number.isNaN(v)) continue;
      known[j]++;
      mean[j] += v;
    }
  }
  for (let j = 0; j < d; j++) mean[j] = known[j] > 0 ? mean[j] / known[j] : 0;
  for (const i of rows) {
    for (let j = 0; j < d; j++) {
      const v = frame.x[i * d + j];
      if (!Number.isNaN(v)) sd[j] += (v - mean[j]) ** 2;
    }
  }
  for (let j = 0; j < d; j++) {
    const s = known[j] > 1 ? Math.sqrt(sd[j] / (known[j] - 1)) : 0;
    sd[j] = s > 1e-12 ? s : 1;
  }
  const xs = new Float64Array(n * d);
  const y = new Uint8Array(n);
  rows.forEach((i, r) => {
    y[r] = frame.rugged[i];
    for (let j = 0; j < d; j++) {
      const v = frame.x[i * d + j];
      xs[r * d + j] = Number.isNaN(v) ? 0 : (v - mean[j]) / sd[j];
    }
  });
  const l2 = options.l2 ?? 1;
  const fit = fitLogistic(xs, y, d, { l2 });
  const z = new Float64Array(n);
  const p = new Float64Array(n);
  const scores = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let s = fit.intercept;
    for (let j = 0; j < d; j++) s += fit.weights[j] * xs[r * d + j];
    z[r] = s;
    p[r] = sigmoid(s);
    scores[r] = Math.round(100 * p[r]);
  }
  const quantiles = options.bandQuantiles ?? [0.3, 0.6, 0.85];
  const cuts = bandCutsAt(scores.slice().sort(), quantiles);
  let rugged = 0;
  let first = Infinity;
  for (const i of rows) {
    rugged += frame.rugged[i];
    first = Math.min(first, frame.analyzedAt[i]);
  }
  const features = RISK_FEATURES.map((f, j) => ({
    name: f.name,
    label: f.label,
    mean: mean[j],
    sd: sd[j],
    weight: fit.weights[j],
    missing_pct: (100 * (n - known[j])) / n,
  }));
  const from = Math.max(first, trainFrom(options));
  const calibrationWindowDays = options.calibrationWindowDays ?? DEFAULT_CALIBRATION_WINDOW_DAYS;
  const calibrationHalfLifeDays =
    options.calibrationHalfLifeDays === undefined
      ? DEFAULT_CALIBRATION_HALF_LIFE_DAYS
      : options.calibrationHalfLifeDays;
  // The calibration settings are hashed too: they change every published probability.
  const calibration = [calibrationWindowDays, calibrationHalfLifeDays];
  const body = { intercept: fit.intercept, features, cuts, calibration };
  return {
    format: 'launchlens.risk-model/1',
    version: `rm-${new Date(options.cutoff).toISOString().slice(0, 10)}-${fnv1a(JSON.stringify(body))}`,
    method: `L2-regularised logistic regression (λ = ${l2}, intercept unpenalised) on standardised features, Newton–Raphson (IRLS)`,
    score_definition:
      'score = round(100·σ(z)), z = intercept + Σ weight·(x − mean)/sd; unknown x imputed with the mean',
    l2,
    intercept: fit.intercept,
    features,
    bands: { cuts, quantiles: [quantiles[0], quantiles[1], quantiles[2]] },
    training: {
      from: new Date(from).toISOString(),
      cutoff: new Date(options.cutoff).toISOString(),
      n,
      rugged,
    },
    calibration_window_days: calibrationWindowDays,
    calibration_half_life_days: calibrationHalfLifeDays,
    metrics: {
      train_auc: rocAuc(z, y),
      train_brier: brierScore(p, y),
      train_log_loss: fit.log_loss,
      iterations: fit.iterations,
      converged: fit.converged,
    },
  };
}

function trainFrom(options: FitRiskModelOptions): number {
  const days = options.trainWindowDays === undefined ? DEFAULT_TRAIN_WINDOW_DAYS : options.trainWindowDays;
  return days === null ? -Infinity : options.cutoff - days * DAY_MS;
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
