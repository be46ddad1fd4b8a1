import { describe, expect, it } from 'vitest';
import { buildRiskFrame } from '../features/risk-frame.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { redrawBacktest } from './redraw-backtest.js';
import { summarizeBacktest } from './summarize-backtest.js';
import { walkForward } from './walk-forward.js';

const start = Date.UTC(2025, 0, 1);
const launches = sampleFeatureInputs(4000, 5, start, 1_560_000);
const frame = buildRiskFrame(
  launches.map((l) => l.inputs),
  launches.map((l) => l.outcome),
);
const from = Date.UTC(2025, 1, 1);
const to = Date.UTC(2025, 2, 10);
const options = { from, to, retrain: 'monthly' as const, fit: { calibrationWindowDays: 14 } };
const real = walkForward(frame, options);
const models = real.periods.map((p) => p.model);
const asOf = to;
const realBands = summarizeBacktest(real, asOf).last_month.bands;

describe('redrawBacktest', () => {
  it('reproduces the real check on every draw when the truth is the real outcome', () => {
    const truth = Float64Array.from(frame.rugged);
    const r = redrawBacktest(frame, truth, { ...options, models, asOf, draws: 3, seed: 1 });
    expect(r.all_bands_inside_pct).toBe(realBands.every((b) => b.inside !== false) ? 100 : 0);
    expect(r.all_bands_covered_pct).toBe(realBands.every((b) => b.covered !== false) ? 100 : 0);
    r.bands.forEach((b, k) => {
      expect(b.inside_pct).toBe(realBands[k].inside ? 100 : 0);
      expect(b.covered_pct).toBe(realBands[k].covered ? 100 : 0);
      expect(b.published_minus_measured_pts).toBeCloseTo(
        realBands[k].published_pct! - realBands[k].measured_pct!,
        9,
      );
    });
    const kept = redrawBacktest(frame, new Float64Array(frame.n).fill(Number.NaN), {
      ...options,
      models,
      asOf,
      draws: 1,
      seed: 1,
    });
    expect(kept.bands).toEqual(r.bands);
  });

  it('draws again exactly for a seed, and other worlds for another', () => {
    const truth = Float64Array.from({ length: frame.n }, (_, i) => 0.2 + 0.6 * frame.rugged[i]);
    const done: number[] = [];
    const once = { ...options, models, asOf, draws: 4, onDraw: (k: number) => done.push(k) };
    const a = redrawBacktest(frame, truth, { ...once, seed: 11 });
    expect(done).toEqual([1, 2, 3, 4]);
    expect(redrawBacktest(frame, truth, { ...once, seed: 11 })).toEqual(a);
    const b = redrawBacktest(frame, truth, { ...once, seed: 12 });
    expect(b.bands.map((x) => x.published_minus_measured_pts)).not.toEqual(
      a.bands.map((x) => x.published_minus_measured_pts),
    );
    expect(a.draws).toBe(4);
  });

  it('refuses models that do not match the periods', () => {
    expect(() => walkForward(frame, { ...options, models: models.slice(1) })).toThrow(/models given/);
  });
});
