import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import type { RowsStream } from './event-log.js';
import type { WriterClaim, WriterHolder } from './writer-claim.js';

/**
 * Claims the writer of `stream` in the SQLite log `db` (file `path`): the claim is an exclusive
 * lock on a file beside it (`<path>-writer-<hash of the stream>`, empty), an open `BEGIN
 * EXCLUSIVE` of a connection of its own. It is an fcntl lock, which the OS drops when the process
 * ends, however it ends. The holder's host, pid and moment go to the log's `writer_claims`, for a
 * refused claim to name. In `:memory:` (one handle, one process) that row alone is the claim.
 */
export function claimSqliteWriter(db: Database.Database, path: string, stream: RowsStream): WriterClaim {
  const holder = () =>
    db
      .prepare<[string], WriterHolder>('SELECT host, pid, since FROM writer_claims WHERE stream = ?')
      .get(stream) ?? null;
  let lock: Database.Database | null = null;
  if (path === ':memory:') {
    const current = holder();
    if (current !== null) return { kind: 'held', holder: current };
  } else {
    const hash = createHash('sha256').update(stream).digest('hex').slice(0, 16);
    lock = new Database(`${path}-writer-${hash}`, { timeout: 0 });
    try {
      lock.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      lock.close();
      if ((e as { code?: string }).code === 'SQLITE_BUSY') return { kind: 'held', holder: holder() };
      throw e;
    }
  }
  const me: WriterHolder = { host: hostname(), pid: process.pid, since: Date.now() };
  db.prepare('INSERT OR REPLACE INTO writer_claims (stream, host, pid, since) VALUES (?, ?, ?, ?)').run(
    stream,
    me.host,
    me.pid,
    me.since,
  );
  let released = false;
  return {
    kind: 'claimed',
    // The lock is this process's open transaction: it ends only with the release or the process.
    lost: new Promise<Error>(() => {}),
    async release() {
      if (released) return;
      released = true;
      db.prepare('DELETE FROM writer_claims WHERE stream = ? AND host = ? AND pid = ? AND since = ?').run(
        stream,
        me.host,
        me.pid,
        me.since,
      );
      lock?.close();
    },
  };
}
