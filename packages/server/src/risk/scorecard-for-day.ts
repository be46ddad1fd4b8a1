import { buildScorecard, loadRiskFrame, type Queryable, walkForward } from '@launchlens/engine';
import type { Scorecard } from '@launchlens/engine/internal';
import type { RiskContext } from './risk-context.js';

const DAY_MS = 86_400_000;
/** The first walk-forward model is fitted on the first 30 days of settled history. */
export const SCORECARD_WARMUP_DAYS = 30;

/**
 * The published scorecard as of a UTC day start: a monthly-retrained walk-forward from
 * `history_from` + 30 days (each token scored by the model in force at its analysis, with the
 * calibration of that day), judged against outcomes settled by the day start. Cached per day.
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
      const frame = await loadRiskFrame(db);
      const from = Math.min(historyFrom + SCORECARD_WARMUP_DAYS * DAY_MS, dayStart);
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
