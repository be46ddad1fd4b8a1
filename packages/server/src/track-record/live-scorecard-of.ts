import { brierScore, expectedCalibrationError, wilsonInterval } from '@launchlens/engine';
import type { PredictionEntry } from './prediction-entry.js';

/** A token's settled outcome. */
export interface SettledOutcome {
  readonly settled_at: number;
  readonly rugged: boolean;
}

export interface LiveBand {
  readonly n: number;
  readonly rugged: number;
  readonly hit_rate_pct: number | null;
  readonly interval_95: { readonly lo_pct: number; readonly hi_pct: number };
  /** Mean published rug probability of the band's entries, 0–100. */
  readonly predicted_pct: number | null;
  readonly brier: number | null;
}

export interface LiveScorecard {
  readonly as_of: string;
  /** The last entry counted: a verifier recomputes from entries with seq ≤ this. */
  readonly through_seq: number;
  /** Entries looked at (seq ≤ through_seq). */
  readonly entries_n: number;
  /** Entries with no outcome settled by `as_of`. */
  readonly pending_n: number;
  /** Entries whose outcome had settled at or before publication: never counted. */
  readonly settled_before_publication_n: number;
  /** Counted entries whose verdict was unknown (no probability to judge). */
  readonly unknown_n: number;
  readonly n: number;
  readonly rugged: number;
  readonly base_rate_pct: number | null;
  readonly brier: number | null;
  readonly ece: number | null;
  readonly bands: Readonly<Record<'extreme' | 'critical' | 'elevated' | 'low', LiveBand>>;
}

const BANDS = ['extreme', 'critical', 'elevated', 'low'] as const;
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * The live scorecard: the log's entries judged against outcomes that settled after the entry was
 * published and by `asOf` (an outcome known at publication proves nothing). Per band: n, hit rate
 * with its Wilson 95 % interval (z = 1.96), mean published probability and Brier; over all: Brier
 * and ECE (10 equal-width bins, weighted by size).
 */
export function liveScorecardOf(
  entries: readonly PredictionEntry[],
  outcomes: ReadonlyMap<string, SettledOutcome>,
  asOf: number,
): LiveScorecard {
  let pending = 0;
  let before = 0;
  let unknown = 0;
  const p: number[] = [];
  const y: number[] = [];
  const band: string[] = [];
  let through = 0;
  for (const e of entries) {
    through = Math.max(through, e.seq);
    const o = outcomes.get(e.mint);
    if (o === undefined || o.settled_at > asOf) {
      pending++;
      continue;
    }
    if (o.settled_at <= Date.parse(e.published_at)) {
      before++;
      continue;
    }
    if (e.verdict === 'unknown' || e.rug_probability_pct === null) {
      unknown++;
      continue;
    }
    p.push(e.rug_probability_pct / 100);
    y.push(o.rugged ? 1 : 0);
    band.push(e.verdict);
  }
  const rugged = y.reduce((a, b) => a + b, 0);
  const bands = Object.fromEntries(
    BANDS.map((b) => {
      const bp: number[] = [];
      const by: number[] = [];
      for (let i = 0; i < p.length; i++) {
        if (band[i] !== b) continue;
        bp.push(p[i]);
        by.push(y[i]);
      }
      const r = by.reduce((a, v) => a + v, 0);
      const ci = wilsonInterval(r, by.length);
      return [
        b,
        {
          n: by.length,
          rugged: r,
          hit_rate_pct: by.length === 0 ? null : (100 * r) / by.length,
          interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi },
          predicted_pct: bp.length === 0 ? null : (100 * bp.reduce((a, v) => a + v, 0)) / bp.length,
          brier: finite(brierScore(bp, by)),
        },
      ];
    }),
  ) as LiveScorecard['bands'];
  return {
    as_of: new Date(asOf).toISOString(),
    through_seq: through,
    entries_n: entries.length,
    pending_n: pending,
    settled_before_publication_n: before,
    unknown_n: unknown,
    n: p.length,
    rugged,
    base_rate_pct: p.length === 0 ? null : (100 * rugged) / p.length,
    brier: finite(brierScore(p, y)),
    ece: finite(expectedCalibrationError(p, y).ece),
    bands,
  };
}
