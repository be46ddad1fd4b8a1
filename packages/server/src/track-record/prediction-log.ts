import type { PredictionEntry, PublishedVerdict } from './prediction-entry.js';
import type { TrackRecordAnchor } from './track-record-anchor.js';

/** Count and bounds of the log. */
export interface PredictionLogSummary {
  readonly count: number;
  readonly head: PredictionEntry | null;
  readonly first_published_at: string | null;
  readonly last_published_at: string | null;
}

/**
 * The hash-chained prediction log in the ledger store (SQLite file or shared PostgreSQL). Entries
 * are only appended; one (mint, model version) has at most one entry, and every replica appends
 * to the same chain under one lock, so sequence numbers have no gaps.
 */
export interface PredictionLog {
  /**
   * Appends the verdicts not yet logged for their (mint, model version), in order, and returns the
   * entry of every verdict (the earlier one when it was already logged).
   */
  append(verdicts: readonly PublishedVerdict[]): Promise<PredictionEntry[]>;
  summary(): Promise<PredictionLogSummary>;
  /** Entries with `seq` > `afterSeq`, in order, at most `limit`. */
  page(afterSeq: number, limit: number): Promise<PredictionEntry[]>;
  /** Entries of one mint (one per model version), in order. */
  ofMint(mint: string): Promise<PredictionEntry[]>;
  /** The entries with these sequence numbers that exist, in order. */
  atSeqs(seqs: readonly number[]): Promise<PredictionEntry[]>;
  addAnchor(anchor: TrackRecordAnchor): Promise<void>;
  /** Every anchor, oldest first. */
  anchors(): Promise<TrackRecordAnchor[]>;
  close(): Promise<void>;
}
