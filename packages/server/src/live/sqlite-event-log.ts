import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from '../ledger/start-wal-checkpointer.js';
import { claimSqliteWriter } from './claim-sqlite-writer.js';
import {
  type EventListener,
  type EventLog,
  isRowsStream,
  type LoggedEvent,
  type LogStream,
  type NewEvent,
} from './event-log.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  key TEXT NOT NULL,
  at INTEGER NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (stream, key)
);
CREATE INDEX IF NOT EXISTS events_stream ON events (stream, id);
CREATE TABLE IF NOT EXISTS writer_claims (
  stream TEXT PRIMARY KEY,
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  since INTEGER NOT NULL
);
`;

interface EventRow {
  id: number;
  stream: LogStream;
  key: string;
  at: number;
  data: string;
}

const loggedOf = (r: EventRow): LoggedEvent => ({ ...r, payload: JSON.parse(r.data) });

export interface SqliteEventLogOptions {
  /** Another worker already checkpoints this file's WAL (the ledger's, when the log is in its file). */
  readonly sharedCheckpointer?: boolean;
}

/**
 * The embedded event log: a table in a SQLite file in WAL mode (the ledger's file: a second
 * connection to it is fine), `:memory:` for tests. `AUTOINCREMENT` never reuses an id, and a
 * batch is one transaction, so ids are visible in order. Listeners hear appends made through
 * this handle only (one process; the PostgreSQL log notifies across processes).
 */
export function openSqliteEventLog(path: string, options: SqliteEventLogOptions = {}): EventLog {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  // Checkpoints stay off the event loop, as the ledger's: with SQLite's default (every 1,000 WAL
  // frames) this connection checkpointed the shared file on the main thread, 90 fsyncs in 8 s of
  // 7,000 debits/s with an append every 20 ms (6 without the log; strace of the main thread).
  const checkpointer =
    path === ':memory:' || options.sharedCheckpointer === true ? null : startWalCheckpointer(path);
  if (path !== ':memory:') db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);

  const insert = db.prepare<[string, string, number, string], { id: number }>(
    'INSERT INTO events (stream, key, at, data) VALUES (?, ?, ?, ?) ON CONFLICT (stream, key) DO NOTHING RETURNING id',
  );
  const after = db.prepare<[string, number, number], EventRow>(
    'SELECT id, stream, key, at, data FROM events WHERE stream = ? AND id > ? ORDER BY id LIMIT ?',
  );
  const latest = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM events');
  const through = db.prepare<[string, number], { id: number | null }>(
    'SELECT max(id) AS id FROM events WHERE stream = ? AND at <= ?',
  );
  const prune = db.prepare<[string, number]>('DELETE FROM events WHERE stream = ? AND at <= ?');
  const appendAll = db.transaction((events: readonly NewEvent[]): LoggedEvent[] => {
    const added: LoggedEvent[] = [];
    for (const e of events) {
      const data = JSON.stringify(e.payload);
      const row = insert.get(e.stream, e.key, e.at, data);
      if (row) added.push({ id: row.id, stream: e.stream, key: e.key, at: e.at, payload: e.payload, data });
    }
    return added;
  });

  const listeners = new Set<EventListener>();
  const releases = new Set<() => Promise<void>>();
  let open = true;
  return {
    async append(events) {
      if (!open) throw new Error('the event log is closed');
      if (events.length === 0) return [];
      const added = appendAll(events);
      if (added.length > 0) for (const l of listeners) l(added);
      return added;
    },
    async readAfter(stream, afterId, limit) {
      return after.all(stream, afterId, limit).map(loggedOf);
    },
    async latestId() {
      return latest.get()?.id ?? 0;
    },
    async idThrough(stream, at) {
      return through.get(stream, at)?.id ?? 0;
    },
    async pruneRows(stream, at) {
      if (!isRowsStream(stream)) throw new Error(`${stream} is not a rows stream`);
      return prune.run(stream, at).changes;
    },
    async claimWriter(stream) {
      if (!open) throw new Error('the event log is closed');
      if (!isRowsStream(stream)) throw new Error(`${stream} is not a rows stream`);
      const claim = claimSqliteWriter(db, path, stream);
      if (claim.kind === 'claimed') releases.add(claim.release);
      return claim;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (open) {
        open = false;
        listeners.clear();
        for (const release of releases) await release();
        await checkpointer?.stop();
        db.close();
      }
    },
  };
}
