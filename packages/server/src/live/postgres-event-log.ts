import pg from 'pg';
import { migratePostgres } from '../ledger/postgres-migrate.js';
import { createPostgresPool } from '../ledger/postgres-pool.js';
import { inTransaction } from '../ledger/postgres-transaction.js';
import { claimPostgresWriter } from './claim-postgres-writer.js';
import {
  type EventListener,
  type EventLog,
  isRowsStream,
  type LoggedEvent,
  type LogStream,
  type NewEvent,
} from './event-log.js';

interface EventRow {
  id: number;
  stream: LogStream;
  key: string;
  at: number;
  data: string;
}

const loggedOf = (r: EventRow): LoggedEvent => ({ ...r, payload: JSON.parse(r.data) });

// pg_advisory_xact_lock class of appends: held from id allocation to commit, so ids become
// visible in order (a reader that saw id n never later finds an unseen id below n).
const APPEND_LOCK = 0x6c6c6576;
const PAGE = 500;

export interface PostgresEventLogOptions {
  /** `DATABASE_URL`; a `search_path` in its `options` parameter selects the schema. */
  readonly connectionString: string;
  /** Also read the log this often in case a notification was lost with its connection (default 5 s). */
  readonly pollMs?: number;
  readonly onError?: (error: Error) => void;
}

/**
 * The event log on PostgreSQL, shared by every replica: one `events` table (migrations of the
 * ledger), ids from one sequence, appends serialized by an advisory lock held until commit. Each
 * append `NOTIFY`s a channel of the schema; every open log `LISTEN`s on it and reads what is new
 * after its cursor, so listeners in every process hear every batch, in id order, once.
 */
export async function openPostgresEventLog(options: PostgresEventLogOptions): Promise<EventLog> {
  const pool = createPostgresPool({ connectionString: options.connectionString, max: 4 });
  const onError = options.onError ?? ((e) => process.stderr.write(`postgres event log: ${e.message}\n`));
  let listenerClient: pg.Client | null = null;
  let open = true;
  let cursor = 0;
  let channel = '';
  const listeners = new Set<EventListener>();
  const releases = new Set<() => Promise<void>>();
  const inflight = new Set<Promise<unknown>>();
  const guarded = <T>(start: () => Promise<T>): Promise<T> => {
    if (!open) return Promise.reject(new Error('the event log is closed'));
    const running = start();
    inflight.add(running);
    return running.finally(() => inflight.delete(running));
  };

  let pumping: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    do {
      again = false;
      for (;;) {
        const { rows } = await pool.query<EventRow>(
          'SELECT id, stream, key, at, data FROM events WHERE id > $1 ORDER BY id LIMIT $2',
          [cursor, PAGE],
        );
        if (rows.length === 0) break;
        cursor = rows[rows.length - 1].id;
        const batch = rows.map(loggedOf);
        for (const l of listeners) l(batch);
        if (rows.length < PAGE) break;
      }
    } while (again && open);
  };
  /** Delivers everything after the cursor; calls made while it runs make it read once more. */
  const pump = (): Promise<void> => {
    if (!open) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = drain()
      .catch((e: Error) => onError(e))
      .finally(() => {
        pumping = null;
      });
    return pumping;
  };

  const listen = async () => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('notification', () => void pump());
    client.on('error', (e) => {
      onError(e);
      if (listenerClient === client) listenerClient = null;
      if (open) setTimeout(() => void listen().catch(onError), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    listenerClient = client;
    void pump();
  };

  try {
    await migratePostgres(pool);
    const { rows } = await pool.query<{ schema: string; id: number }>(
      'SELECT current_schema() AS schema, coalesce(max(id), 0)::bigint AS id FROM events',
    );
    channel = `launchlens_events_${rows[0].schema}`.slice(0, 63);
    cursor = rows[0].id;
    await listen();
  } catch (e) {
    await pool.end();
    throw e;
  }
  const poll = setInterval(() => void pump(), options.pollMs ?? 5000);
  poll.unref();

  return {
    append(events: readonly NewEvent[]) {
      if (events.length === 0) return guarded(async () => []);
      return guarded(async () => {
        const data = events.map((e) => JSON.stringify(e.payload));
        const rows = await inTransaction(pool, async (c) => {
          await c.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [APPEND_LOCK]);
          const inserted = await c.query<EventRow>(
            `INSERT INTO events (stream, key, at, data)
             SELECT stream, key, at, data
             FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[]) WITH ORDINALITY AS e (stream, key, at, data, n)
             ORDER BY n
             ON CONFLICT (stream, key) DO NOTHING
             RETURNING id, stream, key, at, data`,
            [events.map((e) => e.stream), events.map((e) => e.key), events.map((e) => e.at), data],
          );
          if (inserted.rows.length > 0) await c.query('SELECT pg_notify($1, $2)', [channel, '']);
          return inserted.rows;
        });
        // Listeners of this process hear the batch before `append` resolves, as with SQLite.
        await pump();
        const byKey = new Map(events.map((e, i) => [`${e.stream}\u0000${e.key}`, { e, data: data[i] }]));
        return rows
          .sort((a, b) => a.id - b.id)
          .map((r) => {
            const { e, data: text } = byKey.get(`${r.stream}\u0000${r.key}`)!;
            return { id: r.id, stream: e.stream, key: e.key, at: e.at, payload: e.payload, data: text };
          });
      });
    },
    readAfter(stream, afterId, limit) {
      return guarded(async () => {
        const { rows } = await pool.query<EventRow>(
          'SELECT id, stream, key, at, data FROM events WHERE stream = $1 AND id > $2 ORDER BY id LIMIT $3',
          [stream, afterId, limit],
        );
        return rows.map(loggedOf);
      });
    },
    latestId() {
      return guarded(async () => {
        const { rows } = await pool.query<{ id: number }>(
          'SELECT coalesce(max(id), 0)::bigint AS id FROM events',
        );
        return rows[0].id;
      });
    },
    idThrough(stream, at) {
      return guarded(async () => {
        const { rows } = await pool.query<{ id: number }>(
          'SELECT coalesce(max(id), 0)::bigint AS id FROM events WHERE stream = $1 AND at <= $2',
          [stream, at],
        );
        return rows[0].id;
      });
    },
    pruneRows(stream, at) {
      return guarded(async () => {
        if (!isRowsStream(stream)) throw new Error(`${stream} is not a rows stream`);
        const { rowCount } = await pool.query('DELETE FROM events WHERE stream = $1 AND at <= $2', [
          stream,
          at,
        ]);
        return rowCount ?? 0;
      });
    },
    claimWriter(stream) {
      return guarded(async () => {
        if (!isRowsStream(stream)) throw new Error(`${stream} is not a rows stream`);
        const claim = await claimPostgresWriter({
          connectionString: options.connectionString,
          stream,
          onError,
        });
        if (claim.kind === 'claimed') releases.add(claim.release);
        return claim;
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (!open) return;
      open = false;
      clearInterval(poll);
      listeners.clear();
      await Promise.allSettled([...inflight]);
      for (const release of releases) await release();
      await pumping;
      await listenerClient?.end().catch(() => {});
      await pool.end();
    },
  };
}
