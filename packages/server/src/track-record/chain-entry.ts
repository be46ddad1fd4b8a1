import { hashEntry } from './hash-entry.js';
import { GENESIS_PREV_HASH, type PredictionEntry, type PublishedVerdict } from './prediction-entry.js';

/** The entry that follows `head` (null: the first entry) for a published verdict. */
export function chainEntry(
  head: Pick<PredictionEntry, 'seq' | 'hash'> | null,
  verdict: PublishedVerdict,
): PredictionEntry {
  const unhashed = { ...verdict, seq: (head?.seq ?? 0) + 1, prev_hash: head?.hash ?? GENESIS_PREV_HASH };
  return { ...unhashed, hash: hashEntry(unhashed) };
}
