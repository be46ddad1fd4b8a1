import { expect, test } from 'vitest';
import { liveLaunchTimes } from './live-launch-times.js';

test('launch times increase from `from` at the asked daily rate', () => {
  const from = Date.UTC(2026, 0, 1);
  const days = 30;
  const times: number[] = [];
  for (const t of liveLaunchTimes({ seed: 3, from, launchesPerDay: 200 })) {
    if (t >= from + days * 86_400_000) break;
    times.push(t);
  }
  expect(times[0]).toBeGreaterThan(from);
  expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
  // Poisson count over 30 days: mean 6000, sd ≈ 77.
  expect(times.length).toBeGreaterThan(5700);
  expect(times.length).toBeLessThan(6300);
});

test('a rate that is not positive is refused', () => {
  expect(() => liveLaunchTimes({ seed: 1, from: 0, launchesPerDay: 0 }).next()).toThrow(/positive/);
});
