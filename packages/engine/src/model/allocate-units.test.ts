import { describe, expect, it } from 'vitest';
import { allocateUnits } from './allocate-units.js';

describe('allocateUnits', () => {
  it('hands the leftover units to the largest remainders', () => {
    expect(allocateUnits([1.6, 2.3, 0.1], 5)).toEqual([2, 3, 0]);
    expect(allocateUnits([1.6, 2.3, 0.1], 4)).toEqual([2, 2, 0]);
  });

  it('takes units back from the smallest remainders when the total is lower', () => {
    expect(allocateUnits([1.6, 2.3, 0.9], 2)).toEqual([1, 1, 0]);
  });

  it('handles negative shares', () => {
    const out = allocateUnits([-3.4, 7.8, -0.2], 4);
    expect(out.reduce((a, b) => a + b, 0)).toBe(4);
    expect(out).toEqual([-4, 8, 0]);
  });
});
