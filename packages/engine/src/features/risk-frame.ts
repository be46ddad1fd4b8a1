import type { OutcomeRow } from '../tables/outcome-row.js';
import { featureVector, RISK_FEATURES, type RiskInputs } from './risk-features.js';

export type FrameOutcome = Pick<
  OutcomeRow,
  | 'mint'
  | 'settled_at'
  | 'rugged'
  | 'collapse_s'
  | 'exit_window'
  | 'reached_2x'
  | 'reached_5x'
  | 'peak_gain_pct'
  | 'seconds_to_peak'
>;

/**
 * Every token's raw feature vector (as of its own analysis moment) beside its outcome, column by
 * column, in the order of the rows given (the features query orders by `analyzed_at`). An
 * outcome is only known from its `settled_at`; consumers must check it against their as-of time.
 */
export interface RiskFrame {
  readonly n: number;
  readonly d: number;
  readonly mints: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly analyzedAt: Float64Array;
  readonly skipped: Uint8Array;
  /** Row-major n × d raw inputs in `RISK_FEATURES` order; NaN = unknown. */
  readonly x: Float64Array;
  /** NaN when the token has no outcome row. */
  readonly settledAt: Float64Array;
  readonly rugged: Uint8Array;
  /** NaN when the token did not fall −90 % from its peak. */
  readonly collapseS: Float64Array;
  readonly exitWindow: Uint8Array;
  readonly reached2x: Uint8Array;
  readonly reached5x: Uint8Array;
  readonly peakGainPct: Float64Array;
  readonly secondsToPeak: Float64Array;
}

/** Lays features-query rows and outcome rows out as a `RiskFrame`. */
export function buildRiskFrame(inputs: readonly RiskInputs[], outcomes: readonly FrameOutcome[]): RiskFrame {
  const n = inputs.length;
  const d = RISK_FEATURES.length;
  const index = new Map<string, number>();
  const x = new Float64Array(n * d);
  const analyzedAt = new Float64Array(n);
  const skipped = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const row = inputs[i];
    index.set(row.mint, i);
    analyzedAt[i] = row.analyzed_at;
    skipped[i] = row.skipped ? 1 : 0;
    featureVector(row, x.subarray(i * d, (i + 1) * d));
  }
  const settledAt = new Float64Array(n).fill(Number.NaN);
  const collapseS = new Float64Array(n).fill(Number.NaN);
  const peakGainPct = new Float64Array(n).fill(Number.NaN);
  const secondsToPeak = new Float64Array(n).fill(Number.NaN);
  const rugged = new Uint8Array(n);
  const exitWindow = new Uint8Array(n);
  const reached2x = new Uint8Array(n);
  const reached5x = new Uint8Array(n);
  for (const o of outcomes) {
    const i = index.get(o.mint);
    if (i === undefined) continue;
    settledAt[i] = o.settled_at;
    rugged[i] = o.rugged ? 1 : 0;
    collapseS[i] = o.collapse_s ?? Number.NaN;
    exitWindow[i] = o.exit_window ? 1 : 0;
    reached2x[i] = o.reached_2x ? 1 : 0;
    reached5x[i] = o.reached_5x ? 1 : 0;
    peakGainPct[i] = o.peak_gain_pct;
    secondsToPeak[i] = o.seconds_to_peak;
  }
  return {
    n,
    d,
    mints: inputs.map((r) => r.mint),
    index,
    analyzedAt,
    skipped,
    x,
    settledAt,
    rugged,
    collapseS,
    exitWindow,
    reached2x,
    reached5x,
    peakGainPct,
    secondsToPeak,
  };
}
