import type { SettledOutcome } from './live-scorecard-of.js';
import type { PredictionEntry } from './prediction-entry.js';
import type { TrackRecordLine } from './track-record-bodies.js';

/** An entry with the outcome the server knows for its mint. */
export function lineOf(
  entry: PredictionEntry,
  outcomes: ReadonlyMap<string, SettledOutcome>,
): TrackRecordLine {
  const o = outcomes.get(entry.mint);
  return {
    ...entry,
    outcome: o ? { settled_at: new Date(o.settled_at).toISOString(), rugged: o.rugged } : null,
  };
}
