import { describe, expect, it } from 'vitest';
import { fitLogistic } from './fit-logistic.js';

describe('fitLogistic', () => {
  it('recovers the closed-form maximum likelihood of one binary feature without penalty', () => {
    // x = 0: 1 of 4 rugged → logit(1/4) = −ln 3; x = 1: 3 of 4 → logit(3/4) = ln 3
    const x = Float64Array.from([0, 0, 0, 0, 1, 1, 1, 1]);
    const y = [1, 0, 0, 0, 1, 1, 1, 0];
    const fit = fitLogistic(x, y, 1, { l2: 0 });
    expect(fit.converged).toBe(true);
    expect(fit.intercept).toBeCloseTo(-Math.log(3), 8);
    expect(fit.weights[0]).toBeCloseTo(2 * Math.log(3), 8);
  });

  it('solves the penalised score equations Xᵀ(y − p) = λw and shrinks the weight', () => {
    const x = Float64Array.from([-1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2]);
    const y = [0, 0, 1, 0, 1, 0, 1, 1];
    const loose = fitLogistic(x, y, 1, { l2: 0 });
    const tight = fitLogistic(x, y, 1, { l2: 5 });
    expect(Math.abs(tight.weights[0])).toBeLessThan(Math.abs(loose.weights[0]));
    let g0 = 0;
    let g1 = 0;
    for (let i = 0; i < y.length; i++) {
      const p = 1 / (1 + Math.exp(-(tight.intercept + tight.weights[0] * x[i])));
      g0 += y[i] - p;
      g1 += x[i] * (y[i] - p);
    }
    expect(g0).toBeCloseTo(0, 8);
    expect(g1).toBeCloseTo(5 * tight.weights[0], 8);
  });

  it('rejects a matrix of the wrong size', () => {
    expect(() => fitLogistic(new Float64Array(5), [0, 1], 2, { l2: 1 })).toThrow(/expected 2 × 2/);
  });
});
