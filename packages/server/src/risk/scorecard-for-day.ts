import { buildScorecard, loadRiskFrame, type Queryable, walkForward } from '@launchlens/engine';
import type { Scorecard } from '@launchlens/engine/internal';
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

/**
 * The published scorecard as of a UTC day start: a monthly-retrained walk-forward over the span of
 * `scorecardSpan` (each token scored by the model in force at its analysis, with the calibration of
 * that day), judged against outcomes settled by the day start. Cached per day.
 */
export function scorecardForDay(
  db: Queryable,
  risk: RiskContext,
  historyFrom: number,
  dayStart: number,
): Promise<Scorecard> {
  let pending = risk.scorecards.get(dayStart);
  if (!pending) {
    pending = (async () => {
      const { from, frameFrom } = scorecardSpan(historyFrom, dayStart);
      const frame = await loadRiskFrame(db, { kind: 'analyzed_between', from: frameFrom, to: dayStart });
      const { predictions } = walkForward(frame, {
        from,
        to: dayStart,
        retrain: 'monthly',
        fit: {
          calibrationWindowDays: risk.model.model.calibration_window_days,
          calibrationHalfLifeDays: risk.model.model.calibration_half_life_days ?? null,
          l2: risk.model.model.l2,
        },
      });
      return buildScorecard(predictions, dayStart);
    })();
    for (const day of risk.scorecards.keys()) if (day !== dayStart) risk.scorecards.delete(day);
    risk.scorecards.set(dayStart, pending);
    pending.catch(() => risk.scorecards.delete(dayStart));
  }
  return pending;
}
