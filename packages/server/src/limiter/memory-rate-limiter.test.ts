import { expect, test } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter.js';

test('a caller is refused past the limit, with the seconds to wait; others are not', async () => {
  const limiter = createMemoryRateLimiter({ points: 3, windowS: 60 });
  const seen = [];
  for (let i = 0; i < 4; i++) seen.push(await limiter.consume('ip:1'));
  expect(seen.map((d) => [d.allowed, d.remaining])).toEqual([
    [true, 2],
    [true, 1],
    [true, 0],
    [false, 0],
  ]);
  expect(seen[3].reset_s).toBeGreaterThan(0);
  expect(seen[3].reset_s).toBeLessThanOrEqual(60);
  expect((await limiter.consume('ip:2')).allowed).toBe(true);
});
