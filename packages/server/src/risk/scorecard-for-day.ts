import { setTimeout as sleep } from 'node:timers/promises';
import { buildScorecard, loadRiskFrame, type Queryable } from '@launchlens/engine';
import { type Prediction, type Scorecard, walkForwardPeriods } from '@launchlens/engine/internal';
import type { RiskContext } from './risk-context.js';

const DAY_MS = 86_400_000;
/** The first walk-forward model is fitted on the first 30 days of settled history. */
export const SCORECARD_WARMUP_DAYS = 30;
/**
 * The scorecard judges the launches of at most the last 180 days, and its models are fitted and
 * calibrated on at most the 180 days before: a walk-forward over the whole history grew with it
 * (240k launches: 64 s and ≈ 0.7 GB more RSS for the day's first call).
 */
export const SCORECARD_DAYS = 180;

/** Which launches the scorecard of `dayStart` judges (from `from`) and which its walk-forward reads (from `frameFrom`). */
export function scorecardSpan(historyFrom: number, dayStart: number): { from: number; frameFrom: number } {
  const warm = Math.min(historyFrom + SCORECARD_WARMUP_DAYS * DAY_MS, dayStart);
  const from = Math.max(warm, dayStart - SCORECARD_DAYS * DAY_MS);
  return { from, frameFrom: from - SCORECARD_DAYS * DAY_MS };
}

const nextTurn = () => sleep(0);

/**
 * The published scorecard as of a UTC day start: a monthly-retrained walk-forward over the span of
 * `scorecardSpan` (each token scored by the model in force at its analysis, with the calibration of
 * that day), judged against outcomes settled by the day start. Cached per day. The walk-forward
 * runs one period at a time, with `pause()` before each period and after the last: run whole it
 * held the event loop, and every other request with it, for up to 1.0 s at 24k launches and 2.3 s
 * at 240k (bench/RESULTS.md). The default pause is a 0 ms timer, not `setImmediate`: an immediate
 * queued while the loop handles I/O runs in the same turn, before any new request is read.
 */
export function scorecardForDay(
  db: Queryable,
  risk: RiskContext,
  historyFrom: number,
  dayStart: number,
  pause: () => Promise<unknown> = nextTurn,
): Promise<Scorecard> {
  let pending = risk.scorecards.get(dayStart);
  if (!pending) {
    pending = (async () => {
      const { from, frameFrom } = scorecardSpan(historyFrom, dayStart);
      const frame = await loadRiskFrame(db, { kind: 'analyzed_between', from: frameFrom, to: dayStart });
      const steps = walkForwardPeriods(frame, {
        from,
        to: dayStart,
        retrain: 'monthly',
        fit: {
          calibrationWindowDays: risk.model.model.calibration_window_days,
          calibrationHalfLifeDays: risk.model.model.calibration_half_life_days ?? null,
          l2: risk.model.model.l2,
        },
      });
      const predictions: Prediction[] = [];
      await pause();
      for (const step of steps) {
        for (const p of step.predictions) predictions.push(p);
        await pause();
      }
      return buildScorecard(predictions, dayStart);
    })();
    for (const day of risk.scorecards.keys()) if (day !== dayStart) risk.scorecards.delete(day);
    risk.scorecards.set(dayStart, pending);
    pending.catch(() => risk.scorecards.delete(dayStart));
  }
  return pending;
}
