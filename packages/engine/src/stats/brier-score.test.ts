import { describe, expect, it } from 'vitest';
import { brierScore } from './brier-score.js';

describe('brierScore', () => {
  it('is the mean squared error of the probabilities', () => {
    // 0.04 + 0.09 + 0 + 1 = 1.13 over 4
    expect(brierScore([0.2, 0.7, 1, 0], [false, true, true, true])).toBeCloseTo(0.2825, 12);
  });

  it('is NaN without predictions', () => {
    expect(brierScore([], [])).toBeNaN();
  });
});
