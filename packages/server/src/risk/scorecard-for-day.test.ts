import { buildScorecard, loadRiskFrame, walkForward } from '@launchlens/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { createRiskContext } from './risk-context.js';
import {
  SCORECARD_DAYS,
  SCORECARD_WARMUP_DAYS,
  scorecardForDay,
  scorecardSpan,
} from './scorecard-for-day.js';

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

describe('the day’s scorecard', () => {
  let world: TestWorld;
  beforeAll(async () => {
    // Mid-month, so the 30 judged days span two monthly periods.
    world = await buildTestWorld(Date.parse('2026-03-20T12:00:00.000Z'));
  });
  afterAll(() => world.store.close());

  it('lets other work run before each walk-forward period and after the last, and publishes what the whole walk-forward gives', async () => {
    const dayStart = Math.floor(world.now / DAY) * DAY;
    const historyFrom = Date.parse(world.manifest.history_from);
    let pauses = 0;
    const card = await scorecardForDay(
      world.store,
      createRiskContext(world.risk.model),
      historyFrom,
      dayStart,
      async () => {
        pauses++;
      },
    );

    const { from, frameFrom } = scorecardSpan(historyFrom, dayStart);
    const frame = await loadRiskFrame(world.store, {
      kind: 'analyzed_between',
      from: frameFrom,
      to: dayStart,
    });
    const model = world.risk.model.model;
    const whole = walkForward(frame, {
      from,
      to: dayStart,
      retrain: 'monthly',
      fit: {
        calibrationWindowDays: model.calibration_window_days,
        calibrationHalfLifeDays: model.calibration_half_life_days ?? null,
        l2: model.l2,
      },
    });
    expect(whole.periods.length).toBeGreaterThan(1);
    expect(pauses).toBe(whole.periods.length + 1);
    expect(card).toEqual(buildScorecard(whole.predictions, dayStart));
  });
});
