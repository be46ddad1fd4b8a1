import type { Queryable } from '@launchlens/engine';
import type { LiveScorecard } from './live-scorecard-of.js';
import { loadLiveScorecard } from './load-live-scorecard.js';
import type { PredictionLog } from './prediction-log.js';

/** How long a computed live scorecard is served (it reads the whole log and its outcomes). */
export const LIVE_SCORECARD_TTL_MS = 60_000;

/** The live scorecard, recomputed at most once per `ttlMs`; concurrent callers share one computation. */
export function keepLiveScorecard(
  log: PredictionLog,
  db: Queryable,
  ttlMs = LIVE_SCORECARD_TTL_MS,
): (now: number) => Promise<LiveScorecard> {
  let kept: { at: number; card: Promise<LiveScorecard> } | null = null;
  return (now) => {
    if (kept === null || now - kept.at >= ttlMs) {
      const card = loadLiveScorecard(log, db, now);
      const mine = { at: now, card };
      kept = mine;
      card.catch(() => {
        if (kept === mine) kept = null;
      });
    }
    return kept.card;
  };
}
