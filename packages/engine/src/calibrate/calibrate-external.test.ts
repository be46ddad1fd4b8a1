import { describe, expect, it } from 'vitest';
import { calibrateExternal } from './calibrate-external.js';

const rows = (p: number[], high: number[]) =>
  p.map((v, i) => ({ risk_probability: v, high_risk: high[i] === 1 }));

describe('calibrateExternal', () => {
  const fit = rows([0.1, 0.1, 0.4, 0.4, 0.6, 0.6, 0.9, 0.9], [0, 0, 0, 1, 1, 1, 1, 1]);
  const measure = rows([0.1, 0.4, 0.6, 0.9], [0, 1, 1, 1]);
  const r = calibrateExternal([...fit, ...measure], { fitShare: 8 / 12, quantiles: [0.25, 0.5, 0.75] });

  it('places cut points on the fit part only', () => {
    // fit scores 10,10,40,40,60,60,90,90: type-7 quantiles 32.5, 50, 67.5, rounded up
    expect(r.cuts).toEqual({ elevated: 33, critical: 50, extreme: 68 });
    expect([r.fit_n, r.measure_n]).toEqual([8, 4]);
  });

  it('measures ECE and Brier before and after on the other part, by hand', () => {
    // before: (.1 + .6 + .4 + .1) / 4; after (band rates 0, .5, 1, 1): (0 + .5 + 0 + 0) / 4
    expect(r.ece_before).toBeCloseTo(0.3, 12);
    expect(r.ece_after).toBeCloseTo(0.125, 12);
    expect(r.brier_before).toBeCloseTo(0.135, 12);
    expect(r.brier_after).toBeCloseTo(0.0625, 12);
  });

  it('reports each band before, after and as measured', () => {
    expect(r.bands.map((b) => [b.band, b.n, b.before_pct, b.after_pct, b.measured_pct])).toEqual([
      ['extreme', 1, 90, 100, 100],
      ['critical', 1, 60, 100, 100],
      ['elevated', 1, 40, 50, 100],
      ['low', 1, 10, 0, 0],
    ]);
  });

  it('refuses rows it cannot split', () => {
    expect(() => calibrateExternal(measure, { fitShare: 0 })).toThrow(/cannot split/);
  });
});
