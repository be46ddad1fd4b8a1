import { describe, expect, it } from 'vitest';
import type { RiskBand } from '../model/verdict.js';
import type { Prediction } from '../scorecard/prediction.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import { summarizeBacktest } from './summarize-backtest.js';
import type { WalkForwardResult } from './walk-forward.js';

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 1);

let minted = 0;
const pred = (
  band: RiskBand,
  probability: number,
  interval: { lo: number; hi: number },
  rugged: boolean,
  ageDays = 5,
): Prediction => ({
  mint: `Mint${++minted}`,
  analyzed_at: T - ageDays * DAY,
  model_version: 'm',
  score: 50,
  verdict: band,
  probability,
  interval,
  settled_at: T - ageDays * DAY + DAY,
  rugged,
});

const resultOf = (predictions: Prediction[]): WalkForwardResult => ({ periods: [], predictions });
const bandOf = (predictions: Prediction[], band: RiskBand) =>
  summarizeBacktest(resultOf(predictions), T).last_month.bands.find((b) => b.band === band)!;

/** `rugs` of `n` tokens rugged, each published at `probability` with `interval`. */
const many = (
  band: RiskBand,
  n: number,
  rugs: number,
  probability: number,
  interval: { lo: number; hi: number },
) => Array.from({ length: n }, (_, i) => pred(band, probability, interval, i < rugs));

describe('summarizeBacktest, last month', () => {
  it('averages the published intervals and covers a measured rate inside them', () => {
    const rows = [
      ...many('elevated', 100, 70, 0.66, { lo: 0.6, hi: 0.72 }),
      ...many('elevated', 100, 70, 0.7, { lo: 0.64, hi: 0.76 }),
    ];
    const b = bandOf(rows, 'elevated');
    expect(b.measured_pct).toBeCloseTo(70, 12);
    expect(b.published_pct).toBeCloseTo(68, 12);
    expect(b.published_interval_95!.lo_pct).toBeCloseTo(62, 12);
    expect(b.published_interval_95!.hi_pct).toBeCloseTo(74, 12);
    expect(b.covered).toBe(true);
    const ci = wilsonInterval(140, 200);
    expect(b.interval_95.lo_pct).toBeCloseTo(100 * ci.lo, 12);
    expect(b.inside).toBe(68 >= 100 * ci.lo && 68 <= 100 * ci.hi);
  });

  it('tells the two checks apart: a measured rate outside a narrow published interval is not covered', () => {
    const b = bandOf(many('low', 400, 180, 0.42, { lo: 0.41, hi: 0.43 }), 'low');
    expect(b.measured_pct).toBe(45);
    expect(b.inside).toBe(true);
    expect(b.covered).toBe(false);
  });

  it('leaves out tokens analysed before the month and unsettled ones, and judges an empty band as null', () => {
    const old = pred('critical', 0.9, { lo: 0.85, hi: 0.95 }, false, 40);
    const open = { ...pred('critical', 0.9, { lo: 0.85, hi: 0.95 }, false), settled_at: null, rugged: null };
    const rows = [old, open, ...many('critical', 50, 45, 0.9, { lo: 0.85, hi: 0.95 })];
    const b = bandOf(rows, 'critical');
    expect(b.n).toBe(50);
    expect(b.covered).toBe(true);
    const empty = bandOf(rows, 'extreme');
    expect(empty).toMatchObject({ n: 0, published_interval_95: null, covered: null, inside: null });
  });
});
