import type { PredictionEntry } from './prediction-entry.js';

/** Names the encoding inside every hashed text, so a later encoding can never collide with this one. */
export const ENCODING_TAG = 'launchlens-track-record/1';

/** How `canonicalEntryText` encodes an entry, as `/v1/track-record` publishes it. */
export const CANONICAL_ENCODING =
  `hash = lowercase hex SHA-256 of the UTF-8 bytes of the JSON array ["${ENCODING_TAG}", seq, mint, published_at, analyzed_at, model_version, published_by, score, verdict, rug_probability_pct, interval_95.lo_pct, interval_95.hi_pct, prev_hash], ` +
  'written with no whitespace, strings as JSON strings, numbers in their shortest round-trip form (ECMAScript Number::toString, as RFC 8785), null for a null value or a null interval; ' +
  `the first entry's prev_hash is 64 zeros, every other entry's prev_hash is the hash of the entry before it (seq − 1).`;

/** The canonical text an entry's hash is taken over (every field but `hash`, in a fixed order). */
export function canonicalEntryText(entry: Omit<PredictionEntry, 'hash'>): string {
  return JSON.stringify([
    ENCODING_TAG,
    entry.seq,
    entry.mint,
    entry.published_at,
    entry.analyzed_at,
    entry.model_version,
    entry.published_by,
    entry.score,
    entry.verdict,
    entry.rug_probability_pct,
    entry.interval_95?.lo_pct ?? null,
    entry.interval_95?.hi_pct ?? null,
    entry.prev_hash,
  ]);
}
