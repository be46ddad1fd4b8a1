import { describe, expect, it } from 'vitest';
import type { Verdict } from '../model/verdict.js';
import { buildScorecard } from './build-scorecard.js';
import type { Prediction } from './prediction.js';

const DAY = 86_400_000;
const T = Date.UTC(2025, 5, 30);

const pred = (
  mint: string,
  ageDays: number,
  score: number | null,
  verdict: Verdict,
  probability: number | null,
  rugged: boolean,
  settledAt = T - ageDays * DAY + DAY,
): Prediction => ({
  mint,
  analyzed_at: T - ageDays * DAY,
  model_version: 'm',
  score,
  verdict,
  probability,
  interval: null,
  settled_at: settledAt,
  rugged,
});

const predictions = [
  pred('A', 10, 90, 'extreme', 0.9, true),
  pred('B', 20, 80, 'critical', 0.7, true),
  pred('C', 40, 80, 'critical', 0.7, false),
  pred('D', 50, 30, 'low', 0.2, false),
  pred('E', 5, null, 'unknown', null, true),
  pred('F', 0.5, 95, 'extreme', 0.9, true, T + DAY),
  pred('G', 100, 50, 'elevated', 0.5, true),
];
const card = buildScorecard(predictions, T);
const win = (label: string) => card.windows.find((w) => w.label === label)!;

describe('buildScorecard', () => {
  it('judges only settled predictions of tokens analysed in each window, unknowns apart', () => {
    expect(card.windows.map((w) => [w.label, w.n])).toEqual([
      ['last_30d', 2],
      ['last_90d', 4],
      ['all', 5],
    ]);
    expect(win('last_30d').unknown_n).toBe(1);
    expect(win('last_30d').auc).toBeNull();
  });

  it('computes Brier, ECE and AUC with ties by hand', () => {
    const w = win('last_90d');
    // (.01 + .09 + .49 + .04) / 4
    expect(w.brier).toBeCloseTo(0.1575, 12);
    // bins .9: |.9 − 1|·1, .7: |.7 − .5|·2, .2: |.2 − 0|·1 over 4
    expect(w.ece).toBeCloseTo(0.175, 12);
    // pos {90, 80} vs neg {80, 30}: 1 + 1 + ½ + 1 of 4
    expect(w.auc).toBeCloseTo(0.875, 12);
    expect(w.base_rate_pct).toBe(50);
  });

  it('reports each band hit rate with its interval and the probability published for it', () => {
    const b = win('last_90d').bands.critical;
    expect(b).toMatchObject({ n: 2, rugged: 1, hit_rate_pct: 50 });
    expect(b.predicted_pct).toBeCloseTo(70, 10);
    // Wilson 1 of 2: (0.5 + 0.9604)/2.9208 ± 1.96·√(0.125 + 0.2401)/2.9208
    expect(b.interval_95.lo_pct).toBeCloseTo(9.4531, 3);
    expect(b.interval_95.hi_pct).toBeCloseTo(90.5469, 3);
    expect(win('last_90d').bands.elevated.hit_rate_pct).toBeNull();
    expect(win('all').bands.elevated.n).toBe(1);
  });

  it('gives reliability points per probability bin', () => {
    expect(win('last_90d').reliability.map((b) => [b.lo, b.n, b.observed_rate])).toEqual([
      [0.2, 1, 0],
      [0.7, 2, 0.5],
      [0.9, 1, 1],
    ]);
  });
});
