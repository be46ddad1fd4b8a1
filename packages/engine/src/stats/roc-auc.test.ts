import { describe, expect, it } from 'vitest';
import { rocAuc } from './roc-auc.js';

describe('rocAuc', () => {
  it('counts concordant pairs', () => {
    // pairs (pos, neg): (.35,.1) ✓ (.35,.4) ✗ (.8,.1) ✓ (.8,.4) ✓ → 3/4
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBeCloseTo(0.75, 12);
  });

  it('counts a tied positive/negative pair as one half', () => {
    // pos {.5, .7}, neg {.5, .2}: ½ + 1 + 1 + 1 = 3.5 of 4
    expect(rocAuc([0.5, 0.7, 0.5, 0.2], [1, 1, 0, 0])).toBeCloseTo(0.875, 12);
    expect(rocAuc([3, 3, 3, 3], [1, 0, 1, 0])).toBeCloseTo(0.5, 12);
  });

  it('is NaN with one class only', () => {
    expect(rocAuc([0.2, 0.4], [1, 1])).toBeNaN();
  });
});
