import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.js';

describe('wilsonInterval', () => {
  it('matches the hand-computed interval for 8 of 10', () => {
    // p = 0.8, z² = 3.8416: centre = 0.99208 / 1.38416, half = 1.96·√0.025604 / 1.38416
    const { lo, hi } = wilsonInterval(8, 10);
    expect(lo).toBeCloseTo(0.490156, 5);
    expect(hi).toBeCloseTo(0.943318, 5);
  });

  it('stays inside [0, 1] and is not degenerate at 0 of n', () => {
    const { lo, hi } = wilsonInterval(0, 20);
    expect(lo).toBe(0);
    // z² / (n + z²) = 3.8416 / 23.8416
    expect(hi).toBeCloseTo(0.16113, 5);
  });

  it('knows nothing with n = 0', () => {
    expect(wilsonInterval(0, 0)).toEqual({ lo: 0, hi: 1 });
  });
});
