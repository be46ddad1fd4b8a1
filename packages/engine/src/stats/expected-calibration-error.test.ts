import { describe, expect, it } from 'vitest';
import { expectedCalibrationError } from './expected-calibration-error.js';

describe('expectedCalibrationError', () => {
  it('weights each equal-width bin gap by its share', () => {
    // bins: [0,.1): p .05 y 0 → .05; [.1,.2): p .15 y .5 → .35 (n 2); [.9,1]: p .95 y 1 → .05
    const r = expectedCalibrationError([0.05, 0.15, 0.15, 0.95], [0, 1, 0, 1]);
    expect(r.ece).toBeCloseTo(0.2, 12);
    expect(r.bins.map((b) => b.n)).toEqual([1, 2, 1]);
    expect(r.bins[1].observed_rate).toBe(0.5);
  });

  it('puts p = 1 in the last bin and is 0 when perfectly calibrated', () => {
    const r = expectedCalibrationError([1, 1, 0, 0], [1, 1, 0, 0]);
    expect(r.ece).toBe(0);
    expect(r.bins.map((b) => b.lo)).toEqual([0, 0.9]);
  });
});
