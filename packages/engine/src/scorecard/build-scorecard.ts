import { RISK_BANDS, type RiskBand } from '../model/verdict.js';
import { brierScore } from '../stats/brier-score.js';
import { expectedCalibrationError, type ReliabilityBin } from '../stats/expected-calibration-error.js';
import { rocAuc } from '../stats/roc-auc.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import type { Prediction } from './prediction.js';

export interface ScorecardBand {
  readonly n: number;
  readonly rugged: number;
  /** Share of the band's settled tokens that rugged, 0–100; null when empty. */
  readonly hit_rate_pct: number | null;
  readonly interval_95: { readonly lo_pct: number; readonly hi_pct: number };
  /** Mean published rug probability of the band's predictions, 0–100. */
  readonly predicted_pct: number | null;
}

export interface ScorecardWindow {
  readonly label: string;
  readonly from: string | null;
  readonly to: string;
  /** Settled, scored predictions; `unknown_n` counts unknown verdicts left out of the metrics. */
  readonly n: number;
  readonly unknown_n: number;
  readonly rugged: number;
  readonly base_rate_pct: number | null;
  readonly brier: number | null;
  readonly ece: number | null;
  readonly auc: number | null;
  readonly bands: Readonly<Record<RiskBand, ScorecardBand>>;
  readonly reliability: readonly ReliabilityBin[];
}

export interface Scorecard {
  readonly as_of: string;
  readonly methods: Readonly<Record<'interval' | 'brier' | 'ece' | 'auc', string>>;
  readonly windows: readonly ScorecardWindow[];
}

const DAY_MS = 86_400_000;
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * The published scorecard as of `asOf`: predictions made at each token's analysis moment, judged
 * against outcomes settled by `asOf`, for tokens analysed in the last 30 and 90 days and in all
 * history.
 */
export function buildScorecard(predictions: readonly Prediction[], asOf: number): Scorecard {
  const windows = [
    { label: 'last_30d', days: 30 },
    { label: 'last_90d', days: 90 },
    { label: 'all', days: null },
  ].map(({ label, days }) => scoreWindow(predictions, asOf, label, days));
  return {
    as_of: new Date(asOf).toISOString(),
    methods: {
      interval: 'Wilson score interval, z = 1.96',
      brier: 'mean squared difference between the published probability and the outcome (0/1)',
      ece: 'expected calibration error over 10 equal-width probability bins, weighted by bin size',
      auc: 'ROC AUC of the score, Mann–Whitney U with mid-ranks (ties count ½)',
    },
    windows,
  };
}

function scoreWindow(
  predictions: readonly Prediction[],
  asOf: number,
  label: string,
  days: number | null,
): ScorecardWindow {
  const from = days === null ? -Infinity : asOf - days * DAY_MS;
  const p: number[] = [];
  const s: number[] = [];
  const y: number[] = [];
  const bandOf: RiskBand[] = [];
  let unknown = 0;
  for (const r of predictions) {
    if (!(r.analyzed_at > from && r.analyzed_at <= asOf)) continue;
    if (r.settled_at === null || r.settled_at > asOf || r.rugged === null) continue;
    if (r.verdict === 'unknown' || r.probability === null || r.score === null) {
      unknown++;
      continue;
    }
    p.push(r.probability);
    s.push(r.score);
    y.push(r.rugged ? 1 : 0);
    bandOf.push(r.verdict);
  }
  const n = y.length;
  const rugged = y.reduce((a, b) => a + b, 0);
  const cal = expectedCalibrationError(p, y);
  const bands = Object.fromEntries(
    RISK_BANDS.map((band) => {
      let bn = 0;
      let br = 0;
      let sumP = 0;
      for (let i = 0; i < n; i++) {
        if (bandOf[i] !== band) continue;
        bn++;
        br += y[i];
        sumP += p[i];
      }
      const ci = wilsonInterval(br, bn);
      return [
        band,
        {
          n: bn,
          rugged: br,
          hit_rate_pct: bn === 0 ? null : (100 * br) / bn,
          interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi },
          predicted_pct: bn === 0 ? null : (100 * sumP) / bn,
        },
      ];
    }),
  ) as Record<RiskBand, ScorecardBand>;
  return {
    label,
    from: days === null ? null : new Date(from).toISOString(),
    to: new Date(asOf).toISOString(),
    n,
    unknown_n: unknown,
    rugged,
    base_rate_pct: n === 0 ? null : (100 * rugged) / n,
    brier: finite(brierScore(p, y)),
    ece: finite(cal.ece),
    auc: finite(rocAuc(s, y)),
    bands,
    reliability: cal.bins,
  };
}
