import { createHash } from 'node:crypto';
import { canonicalEntryText } from './canonical-entry-text.js';
import type { PredictionEntry } from './prediction-entry.js';

/** SHA-256 (lowercase hex) of an entry's canonical text. */
export function hashEntry(entry: Omit<PredictionEntry, 'hash'>): string {
  return createHash('sha256').update(canonicalEntryText(entry)).digest('hex');
}
