import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { warmEachDay } from './warm-each-day.js';

const DAY = 86_400_000;
const DAY0 = Date.UTC(2026, 11, 3);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(DAY0 + 15 * 3_600_000);
});
afterEach(() => {
  vi.useRealTimers();
});

test('warms the current day at once and each new day just after its UTC midnight, until stopped', async () => {
  const days: number[] = [];
  const ready: number[] = [];
  const warmer = warmEachDay(
    async (day) => {
      days.push(day);
    },
    { now: Date.now, onReady: (day) => ready.push(day) },
  );
  expect(days).toEqual([DAY0]);
  await vi.advanceTimersByTimeAsync(9 * 3_600_000 + 999);
  expect(days).toEqual([DAY0]);
  await vi.advanceTimersByTimeAsync(1);
  expect(days).toEqual([DAY0, DAY0 + DAY]);
  await vi.advanceTimersByTimeAsync(DAY);
  expect(days).toEqual([DAY0, DAY0 + DAY, DAY0 + 2 * DAY]);
  expect(ready).toEqual(days);
  warmer.stop();
  await vi.advanceTimersByTimeAsync(3 * DAY);
  expect(days).toHaveLength(3);
});

test('a wake-up before midnight warms nothing twice, and a failed day does not stop the next', async () => {
  // The clock is set back 5 s after the start: the midnight wake-up still reads the old day.
  let setBack = 0;
  const now = () => Date.now() - setBack;
  const days: number[] = [];
  const failed: number[] = [];
  const warmer = warmEachDay(
    async (day) => {
      days.push(day);
      if (day === DAY0) throw new Error('no store');
    },
    { now, onError: (_, day) => failed.push(day) },
  );
  setBack = 5000;
  await vi.advanceTimersByTimeAsync(9 * 3_600_000 + 1000);
  expect(days).toEqual([DAY0]);
  expect(failed).toEqual([DAY0]);
  await vi.advanceTimersByTimeAsync(5000);
  expect(days).toEqual([DAY0, DAY0 + DAY]);
  warmer.stop();
});
