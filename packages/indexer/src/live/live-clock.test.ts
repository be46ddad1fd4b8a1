import { expect, test } from 'vitest';
import { liveClock } from './live-clock.js';

const HOUR = 3_600_000;

function fakeWall(start: number) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

test('a world behind the wall clock runs at the factor until it meets it, then at the wall clock', () => {
  const wall = fakeWall(10 * HOUR);
  const now = liveClock({ from: 9 * HOUR, factor: 30, wallNow: wall.now });
  expect(now()).toBe(9 * HOUR);
  wall.advance(60_000);
  expect(now()).toBe(9 * HOUR + 30 * 60_000);
  wall.advance(60_000);
  expect(now()).toBe(9 * HOUR + 60 * 60_000);
  expect(now()).toBeLessThan(wall.now());
  wall.advance(60_000);
  expect(now()).toBe(wall.now());
  wall.advance(5_000);
  expect(now()).toBe(wall.now());
});

test('the clock is never later than the wall clock, whatever the factor or start', () => {
  for (const [from, factor] of [
    [10 * HOUR - 1, 1_000],
    [10 * HOUR, 30],
    [12 * HOUR, 1],
  ]) {
    const wall = fakeWall(10 * HOUR);
    const now = liveClock({ from, factor, wallNow: wall.now });
    for (let i = 0; i < 100; i++) {
      expect(now()).toBeLessThanOrEqual(wall.now());
      wall.advance(997);
    }
  }
});

test('a world further behind than the catch-up window starts that window before now', () => {
  const wall = fakeWall(100 * HOUR);
  const now = liveClock({ from: 0, factor: 30, wallNow: wall.now, catchUpMs: HOUR });
  expect(now()).toBe(99 * HOUR);
  wall.advance(60_000);
  expect(now()).toBe(99 * HOUR + 30 * 60_000);
});

test('a factor of 1 leaves a world behind by a constant lag', () => {
  const wall = fakeWall(10 * HOUR);
  const now = liveClock({ from: 9 * HOUR, factor: 1, wallNow: wall.now });
  wall.advance(HOUR);
  expect(wall.now() - now()).toBe(HOUR);
});

test('the factor must be positive', () => {
  expect(() => liveClock({ from: 0, factor: 0, wallNow: () => 0 })).toThrow(RangeError);
});
