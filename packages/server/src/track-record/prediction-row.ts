import type { PredictionEntry, PublishedBy } from './prediction-entry.js';

/** An entry as a row of `prediction_log` (SQLite and PostgreSQL alike). */
export interface PredictionRow {
  seq: number;
  mint: string;
  published_at: string;
  analyzed_at: string;
  model_version: string;
  published_by: string;
  score: number | null;
  verdict: string;
  rug_probability_pct: number | null;
  interval_lo_pct: number | null;
  interval_hi_pct: number | null;
  prev_hash: string;
  hash: string;
}

export const PREDICTION_COLUMNS =
  'seq, mint, published_at, analyzed_at, model_version, published_by, score, verdict, rug_probability_pct, interval_lo_pct, interval_hi_pct, prev_hash, hash';

export function entryOfRow(r: PredictionRow): PredictionEntry {
  return {
    seq: Number(r.seq),
    mint: r.mint,
    published_at: r.published_at,
    analyzed_at: r.analyzed_at,
    model_version: r.model_version,
    published_by: r.published_by as PublishedBy,
    score: r.score,
    verdict: r.verdict as PredictionEntry['verdict'],
    rug_probability_pct: r.rug_probability_pct,
    interval_95:
      r.interval_lo_pct === null || r.interval_hi_pct === null
        ? null
        : { lo_pct: r.interval_lo_pct, hi_pct: r.interval_hi_pct },
    prev_hash: r.prev_hash,
    hash: r.hash,
  };
}

export function rowOfEntry(e: PredictionEntry): unknown[] {
  return [
    e.seq,
    e.mint,
    e.published_at,
    e.analyzed_at,
    e.model_version,
    e.published_by,
    e.score,
    e.verdict,
    e.rug_probability_pct,
    e.interval_95?.lo_pct ?? null,
    e.interval_95?.hi_pct ?? null,
    e.prev_hash,
    e.hash,
  ];
}
