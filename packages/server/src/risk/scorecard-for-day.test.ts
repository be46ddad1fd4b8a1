import { describe, expect, it } from 'vitest';
import { SCORECARD_DAYS, SCORECARD_WARMUP_DAYS, scorecardSpan } from './scorecard-for-day.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

describe('the scorecard span', () => {
  it('judges from the end of the warm-up when the history is short', () => {
    const span = scorecardSpan(T0, T0 + 120 * DAY);
    expect(span.from).toBe(T0 + SCORECARD_WARMUP_DAYS * DAY);
    // The walk-forward then reads the whole history: nothing before history_from exists.
    expect(span.frameFrom).toBeLessThan(T0);
  });

  it('judges only the last SCORECARD_DAYS of a longer history, and reads as many days before them', () => {
    const dayStart = T0 + 1200 * DAY;
    expect(scorecardSpan(T0, dayStart)).toEqual({
      from: dayStart - SCORECARD_DAYS * DAY,
      frameFrom: dayStart - 2 * SCORECARD_DAYS * DAY,
    });
    // A longer history does not move it.
    expect(scorecardSpan(T0 - 5000 * DAY, dayStart)).toEqual(scorecardSpan(T0, dayStart));
  });

  it('never starts after the day it is published', () => {
    expect(scorecardSpan(T0, T0 + 3 * DAY).from).toBe(T0 + 3 * DAY);
  });
});
