import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay.js';

describe('backoffDelay', () => {
  const options = { baseMs: 100, capMs: 1000 };

  it('doubles the step each attempt and keeps at least half of it', () => {
    expect(backoffDelay(0, options, 0)).toBe(50);
    expect(backoffDelay(0, options, 0.999999)).toBeCloseTo(100, 3);
    expect(backoffDelay(1, options, 0)).toBe(100);
    expect(backoffDelay(2, options, 0.5)).toBe(300);
  });

  it('never exceeds the cap, however many attempts', () => {
    expect(backoffDelay(4, options, 0)).toBe(500);
    expect(backoffDelay(60, options, 0.999999)).toBeLessThan(1000);
    expect(backoffDelay(60, options, 0)).toBe(500);
  });
});
