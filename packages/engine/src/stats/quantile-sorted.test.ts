import { describe, expect, it } from 'vitest';
import { quantileSorted } from './quantile-sorted.js';

describe('quantileSorted (type 7)', () => {
  it('interpolates between order statistics like R quantile(type = 7)', () => {
    const x = [1, 2, 3, 4];
    expect(quantileSorted(x, 0.25)).toBeCloseTo(1.75, 12);
    expect(quantileSorted(x, 0.5)).toBeCloseTo(2.5, 12);
    expect(quantileSorted(x, 0.9)).toBeCloseTo(3.7, 12);
    expect(quantileSorted(x, 1)).toBe(4);
  });

  it('an empty array has no quantile', () => {
    expect(quantileSorted([], 0.5)).toBeNull();
  });
});
