import { describe, expect, it } from 'vitest';
import { calibrateBands } from '../calibrate/calibrate-bands.js';
import { buildRiskFrame } from '../features/risk-frame.js';
import { bandIndices } from '../model/band-indices.js';
import { compileModel } from '../model/compile-model.js';
import { DEFAULT_CALIBRATION_HALF_LIFE_DAYS } from '../model/fit-risk-model.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { periodStarts } from './period-starts.js';
import { summarizeBacktest } from './summarize-backtest.js';
import { walkForward, walkForwardPeriods } from './walk-forward.js';

const DAY = 86_400_000;
const start = Date.UTC(2025, 0, 1);
// 6000 launches, one every 26 min: about 108 days
const launches = sampleFeatureInputs(6000, 3, start, 1_560_000);
const frameOf = (ls: typeof launches) =>
  buildRiskFrame(
    ls.map((l) => l.inputs),
    ls.map((l) => l.outcome),
  );
const frame = frameOf(launches);
const from = Date.UTC(2025, 1, 1);
const to = Date.UTC(2025, 3, 15);
const options = { from, to, retrain: 'monthly' as const, fit: { calibrationWindowDays: 14 } };
const result = walkForward(frame, options);

describe('periodStarts', () => {
  it('steps by calendar month or by week', () => {
    expect(periodStarts(from, to, 'monthly').map((s) => new Date(s).toISOString().slice(0, 10))).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
    ]);
    expect(periodStarts(from, from + 15 * DAY, 'weekly')).toHaveLength(3);
  });
});

describe('walkForward', () => {
  it('scores every token analysed in the range once, with the model fitted before its period', () => {
    const expected = launches.filter((l) => l.inputs.analyzed_at >= from && l.inputs.analyzed_at < to).length;
    expect(result.predictions).toHaveLength(expected);
    const cutoffOf = new Map(
      result.periods.map((p) => [p.model.version, Date.parse(p.model.training.cutoff)]),
    );
    for (const p of result.predictions)
      expect(cutoffOf.get(p.model_version)!).toBeLessThanOrEqual(p.analyzed_at);
  });

  it('publishes band rates that track the outcomes and ranks out of sample nearly as well as the truth', () => {
    const s = summarizeBacktest(result, to + 2 * DAY, new Map(launches.map((l) => [l.inputs.mint, l.p])));
    expect(s.overall.auc!).toBeGreaterThan(0.95 * s.oracle_auc!);
    expect(s.overall.ece!).toBeLessThan(0.05);
    const rates = ['low', 'elevated', 'critical', 'extreme'].map(
      (b) => s.overall.bands[b as 'low'].hit_rate_pct!,
    );
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
  });

  it('does not change a prediction when outcomes settling after its analysis change', () => {
    const T = Date.UTC(2025, 2, 10);
    const flipped = launches.map((l) =>
      l.outcome.settled_at > T ? { ...l, outcome: { ...l.outcome, rugged: !l.outcome.rugged } } : l,
    );
    const again = walkForward(frameOf(flipped), options);
    const before = (r: typeof result) =>
      r.predictions.filter((p) => p.analyzed_at < T).map(({ rugged, settled_at, ...p }) => p);
    expect(before(again)).toEqual(before(result));
    const after = (r: typeof result) =>
      r.predictions.filter((p) => p.analyzed_at > T + 25 * DAY).map((p) => p.probability);
    expect(after(again).length).toBeGreaterThan(100);
    expect(after(again)).not.toEqual(after(result));
  });

  it('publishes the calibration the model asks for, read as of the analysis day', () => {
    const period = result.periods[1];
    expect(period.model.calibration_half_life_days).toBe(DEFAULT_CALIBRATION_HALF_LIFE_DAYS);
    const { bands } = bandIndices(compileModel(period.model), frame);
    const p = result.predictions.find((q) => q.model_version === period.model.version && q.score !== null)!;
    const cal = calibrateBands(frame, bands, {
      modelVersion: period.model.version,
      asOf: Math.floor(p.analyzed_at / DAY) * DAY,
      windowDays: 14,
      halfLifeDays: DEFAULT_CALIBRATION_HALF_LIFE_DAYS,
    });
    expect(cal.trend).not.toBeNull();
    const published = cal.bands[p.verdict as 'low'];
    expect(p.probability).toBe(published.rug_rate_pct! / 100);
    expect(p.interval).toEqual({
      lo: published.interval_95.lo_pct / 100,
      hi: published.interval_95.hi_pct / 100,
    });
    expect(p.interval!.lo).toBeLessThan(p.probability!);
    expect(p.interval!.hi).toBeGreaterThan(p.probability!);
  });

  it('publishes no probability and no interval without a score', () => {
    for (const p of result.predictions) {
      expect(p.probability === null).toBe(p.score === null);
      expect(p.interval === null).toBe(p.score === null);
    }
  });

  it('runs one period a step: each step holds the predictions of the tokens analysed in its period', () => {
    const steps = [...walkForwardPeriods(frame, options)];
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.map((s) => s.period)).toEqual(result.periods);
    expect(steps.flatMap((s) => s.predictions)).toEqual(result.predictions);
    for (const { period, predictions } of steps) {
      expect(predictions.length).toBeGreaterThan(0);
      for (const p of predictions) {
        expect(p.analyzed_at).toBeGreaterThanOrEqual(Date.parse(period.from));
        expect(p.analyzed_at).toBeLessThan(Date.parse(period.to));
      }
    }
  });
});
