import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../ledger/start-wal-checkpointer.js';
import { chainEntry } from './chain-entry.js';
import type { PredictionEntry, PublishedVerdict } from './prediction-entry.js';
import type { PredictionLog } from './prediction-log.js';
import { entryOfRow, PREDICTION_COLUMNS, type PredictionRow, rowOfEntry } from './prediction-row.js';
import type { TrackRecordAnchor } from './track-record-anchor.js';

// Triggers refuse edits and deletions: the log is append-only (someone with the file can drop
// them; the verifier and the anchors are what catch that).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS prediction_log (
  seq INTEGER PRIMARY KEY,
  mint TEXT NOT NULL,
  published_at TEXT NOT NULL,
  analyzed_at TEXT NOT NULL,
  model_version TEXT NOT NULL,
  published_by TEXT NOT NULL,
  score INTEGER,
  verdict TEXT NOT NULL,
  rug_probability_pct REAL,
  interval_lo_pct REAL,
  interval_hi_pct REAL,
  prev_hash TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL UNIQUE,
  UNIQUE (mint, model_version)
);
CREATE TRIGGER IF NOT EXISTS prediction_log_no_update BEFORE UPDATE ON prediction_log
BEGIN SELECT RAISE(ABORT, 'prediction_log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS prediction_log_no_delete BEFORE DELETE ON prediction_log
BEGIN SELECT RAISE(ABORT, 'prediction_log is append-only'); END;
CREATE TABLE IF NOT EXISTS track_record_anchors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  seq INTEGER NOT NULL,
  head_hash TEXT NOT NULL,
  network TEXT NOT NULL,
  signer TEXT NOT NULL,
  signature TEXT NOT NULL UNIQUE,
  anchored_at TEXT NOT NULL,
  memo TEXT NOT NULL
);
`;

const ANCHOR_COLUMNS = 'seq, head_hash, network, signer, signature, anchored_at, memo';

/**
 * The prediction log in a SQLite file (the ledger's: a further connection, as the event log's),
 * `:memory:` for tests. An append is one `IMMEDIATE` transaction, so processes sharing the file
 * also append to one chain.
 */
export function openSqlitePredictionLog(path: string): PredictionLog {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // The ledger's worker checkpoints the shared file; this connection only past a large WAL.
  if (path !== ':memory:') db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  db.exec(SCHEMA);

  const head = db.prepare<[], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log ORDER BY seq DESC LIMIT 1`,
  );
  const existing = db.prepare<[string, string], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE mint = ? AND model_version = ?`,
  );
  const insert = db.prepare(
    `INSERT INTO prediction_log (${PREDICTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const first = db.prepare<[], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log ORDER BY seq LIMIT 1`,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM prediction_log');
  const page = db.prepare<[number, number], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE seq > ? ORDER BY seq LIMIT ?`,
  );
  const ofMint = db.prepare<[string], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE mint = ? ORDER BY seq`,
  );
  const atSeq = db.prepare<[number], PredictionRow>(
    `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE seq = ?`,
  );
  const addAnchor = db.prepare(
    `INSERT INTO track_record_anchors (${ANCHOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const anchors = db.prepare<[], TrackRecordAnchor>(
    `SELECT ${ANCHOR_COLUMNS} FROM track_record_anchors ORDER BY id`,
  );

  const appendAll = db.transaction((verdicts: readonly PublishedVerdict[]): PredictionEntry[] => {
    const out: PredictionEntry[] = [];
    let last: PredictionEntry | null = null;
    for (const v of verdicts) {
      const had = existing.get(v.mint, v.model_version);
      if (had) {
        out.push(entryOfRow(had));
        continue;
      }
      if (last === null) {
        const row = head.get();
        last = row ? entryOfRow(row) : null;
      }
      const entry = chainEntry(last, v);
      insert.run(...rowOfEntry(entry));
      last = entry;
      out.push(entry);
    }
    return out;
  });

  let open = true;
  const check = () => {
    if (!open) throw new Error('the prediction log is closed');
  };
  return {
    async append(verdicts) {
      check();
      return verdicts.length === 0 ? [] : appendAll.immediate(verdicts);
    },
    async summary() {
      check();
      const h = head.get();
      const f = first.get();
      return {
        count: count.get()!.n,
        head: h ? entryOfRow(h) : null,
        first_published_at: f?.published_at ?? null,
        last_published_at: h?.published_at ?? null,
      };
    },
    async page(afterSeq, limit) {
      check();
      return page.all(afterSeq, limit).map(entryOfRow);
    },
    async ofMint(mint) {
      check();
      return ofMint.all(mint).map(entryOfRow);
    },
    async atSeqs(seqs) {
      check();
      return [...new Set(seqs)]
        .sort((a, b) => a - b)
        .flatMap((s) => {
          const r = atSeq.get(s);
          return r ? [entryOfRow(r)] : [];
        });
    },
    async addAnchor(a) {
      check();
      addAnchor.run(a.seq, a.head_hash, a.network, a.signer, a.signature, a.anchored_at, a.memo);
    },
    async anchors() {
      check();
      return anchors.all();
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
