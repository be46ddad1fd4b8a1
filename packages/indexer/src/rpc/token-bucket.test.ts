import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('serves a burst at once, then one token per 1/rate seconds', () => {
    const bucket = new TokenBucket({ ratePerS: 10, burst: 3 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([0, 0, 0]);
    expect(bucket.take(0)).toBe(100);
    expect(bucket.take(50)).toBe(50);
    expect(bucket.take(100)).toBe(0);
    expect(bucket.take(100)).toBe(100);
  });

  it('never holds more than the burst after a long idle time', () => {
    const bucket = new TokenBucket({ ratePerS: 10, burst: 2 }, 0);
    const waits = [0, 0, 0].map(() => bucket.take(60_000));
    expect(waits).toEqual([0, 0, 100]);
  });

  it('a pause blocks every token until it ends and restarts from an empty bucket', () => {
    const bucket = new TokenBucket({ ratePerS: 10, burst: 5 }, 0);
    bucket.pause(0, 1000);
    expect(bucket.take(10)).toBe(990);
    expect(bucket.take(1000)).toBe(100);
    expect(bucket.take(1100)).toBe(0);
  });
});
