import { RISK_BANDS, type RiskBand } from '../model/verdict.js';
import { buildScorecard, type ScorecardWindow } from '../scorecard/build-scorecard.js';
import type { Prediction } from '../scorecard/prediction.js';
import { rocAuc } from '../stats/roc-auc.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import type { WalkForwardResult } from './walk-forward.js';

export interface LastMonthBand {
  readonly band: RiskBand;
  readonly n: number;
  readonly rugged: number;
  readonly measured_pct: number | null;
  readonly interval_95: { readonly lo_pct: number; readonly hi_pct: number };
  /** Mean probability published for the band's tokens during the month, 0–100. */
  readonly published_pct: number | null;
  /** The published probability lies inside the measured rate's Wilson 95 % interval. */
  readonly inside: boolean | null;
  /** Mean bounds of the Wilson 95 % intervals published with the band's probabilities during the month, 0–100. */
  readonly published_interval_95: { readonly lo_pct: number; readonly hi_pct: number } | null;
  /** The month's measured rate lies inside the band's published interval (its mean bounds). */
  readonly covered: boolean | null;
}

export interface BacktestSummary {
  readonly from: string;
  readonly to: string;
  readonly periods: number;
  /** All out-of-sample, settled, scored predictions. */
  readonly overall: ScorecardWindow;
  /** AUC of the simulator's true probabilities on the same tokens, when an oracle is given. */
  readonly oracle_auc: number | null;
  readonly auc_vs_oracle: number | null;
  readonly last_month: {
    readonly from: string;
    readonly to: string;
    readonly bands: readonly LastMonthBand[];
  };
}

const DAY_MS = 86_400_000;

/**
 * Out-of-sample metrics of a walk-forward run as of `asOf`: the scorecard over every prediction,
 * the oracle AUC on the same settled tokens, and for the last 30 days each band's measured rate
 * judged both ways: the published probability inside the measured rate's Wilson 95 % interval
 * (`inside`), and the measured rate inside the interval published with the band (`covered`).
 */
export function summarizeBacktest(
  result: WalkForwardResult,
  asOf: number,
  oracle?: ReadonlyMap<string, number>,
): BacktestSummary {
  const card = buildScorecard(result.predictions, asOf);
  const overall = card.windows.find((w) => w.label === 'all')!;
  const settled = result.predictions.filter(
    (p) => p.verdict !== 'unknown' && p.probability !== null && p.settled_at !== null && p.settled_at <= asOf,
  );
  let oracleAuc: number | null = null;
  if (oracle) {
    const withTruth = settled.filter((p) => oracle.has(p.mint));
    const auc = rocAuc(
      withTruth.map((p) => oracle.get(p.mint)!),
      withTruth.map((p) => (p.rugged ? 1 : 0)),
    );
    oracleAuc = Number.isFinite(auc) ? auc : null;
  }
  const monthFrom = asOf - 30 * DAY_MS;
  const lastMonth = settled.filter((p) => p.analyzed_at > monthFrom);
  const bands = RISK_BANDS.map((band): LastMonthBand => {
    const rows = lastMonth.filter((p) => p.verdict === band);
    const rugged = rows.filter((p) => p.rugged).length;
    const ci = wilsonInterval(rugged, rows.length);
    const mean = (of: (p: Prediction) => number): number | null =>
      rows.length === 0 ? null : (100 * rows.reduce((a, p) => a + of(p), 0)) / rows.length;
    const published = mean((p) => p.probability!);
    const publishedInterval =
      rows.length === 0 || rows.some((p) => p.interval === null)
        ? null
        : { lo_pct: mean((p) => p.interval!.lo)!, hi_pct: mean((p) => p.interval!.hi)! };
    const measured = rows.length === 0 ? null : (100 * rugged) / rows.length;
    return {
      band,
      n: rows.length,
      rugged,
      measured_pct: measured,
      interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi },
      published_pct: published,
      inside: published === null ? null : published >= 100 * ci.lo && published <= 100 * ci.hi,
      published_interval_95: publishedInterval,
      covered:
        publishedInterval === null || measured === null
          ? null
          : measured >= publishedInterval.lo_pct && measured <= publishedInterval.hi_pct,
    };
  });
  const first = result.periods[0];
  const last = result.periods[result.periods.length - 1];
  return {
    from: first?.from ?? new Date(asOf).toISOString(),
    to: last?.to ?? new Date(asOf).toISOString(),
    periods: result.periods.length,
    overall,
    oracle_auc: oracleAuc,
    auc_vs_oracle: oracleAuc === null || overall.auc === null ? null : overall.auc / oracleAuc,
    last_month: { from: new Date(monthFrom).toISOString(), to: new Date(asOf).toISOString(), bands },
  };
}
