import type { Queryable } from '@launchlens/engine';
import { type LiveScorecard, liveScorecardOf } from './live-scorecard-of.js';
import { outcomesOf } from './outcomes-of.js';
import type { PredictionEntry } from './prediction-entry.js';
import type { PredictionLog } from './prediction-log.js';

const PAGE = 5000;

/** Every entry of the log, in order. */
export async function allEntries(log: PredictionLog): Promise<PredictionEntry[]> {
  const out: PredictionEntry[] = [];
  for (;;) {
    const page = await log.page(out.at(-1)?.seq ?? 0, PAGE);
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

/** The live scorecard of the whole log as of `asOf`, with outcomes read from the dataset. */
export async function loadLiveScorecard(
  log: PredictionLog,
  db: Queryable,
  asOf: number,
): Promise<LiveScorecard> {
  const entries = await allEntries(log);
  return liveScorecardOf(
    entries,
    await outcomesOf(
      db,
      entries.map((e) => e.mint),
      asOf,
    ),
    asOf,
  );
}
