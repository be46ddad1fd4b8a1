import { hostname } from 'node:os';
import pg from 'pg';
import type { RowsStream } from './event-log.js';
import type { WriterClaim, WriterHolder } from './writer-claim.js';

// pg_try_advisory_lock class of writer claims; the key within it hashes the schema and the stream.
const WRITER_LOCK = 0x6c6c7772;

export interface ClaimPostgresWriterOptions {
  /** The log's `DATABASE_URL` (its `search_path` selects the schema). */
  readonly connectionString: string;
  readonly stream: RowsStream;
  /** Hears the claim's connection fail: PostgreSQL has dropped the claim with it. */
  readonly onError: (error: Error) => void;
}

interface HolderRow {
  host: string;
  pid: number;
  since: string;
}

/**
 * Claims the writer of `stream` on PostgreSQL: a session advisory lock held by a connection of its
 * own, which the server drops with the session, so a killed writer's claim ends with its
 * connection. The holder's host, pid and moment go to `writer_claims`, for a refused claim to name;
 * the connection's `application_name` says the same in `pg_stat_activity`.
 */
export async function claimPostgresWriter(options: ClaimPostgresWriterOptions): Promise<WriterClaim> {
  const { stream, onError } = options;
  const me: WriterHolder = { host: hostname(), pid: process.pid, since: Date.now() };
  const client = new pg.Client({
    connectionString: options.connectionString,
    application_name: `launchlens writer ${me.pid}@${me.host}`.slice(0, 63),
  });
  // `ended`: released, refused, failed or already lost; the connection's end then loses nothing.
  let ended = false;
  let loseClaim: (error: Error) => void = () => {};
  const lost = new Promise<Error>((resolve) => {
    loseClaim = resolve;
  });
  const connectionLost = (why: string) => {
    if (ended) return;
    ended = true;
    const error = new Error(`the writer claim on ${stream} lost its connection: ${why}`);
    onError(error);
    loseClaim(error);
  };
  client.on('error', (e) => connectionLost(e.message));
  client.on('end', () => connectionLost('the connection ended'));
  try {
    await client.connect();
    // The server ends a session whose client is gone when it notices: at once when the client's OS
    // closes the socket (kill -9), else by TCP keepalive, here within about a minute (the OS
    // default waits two hours) for a writer whose host died.
    await client.query(
      'SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3',
    );
    const { rows } = await client.query<{ claimed: boolean }>(
      "SELECT pg_try_advisory_lock($1, hashtext(current_schema() || ' ' || $2::text)) AS claimed",
      [WRITER_LOCK, stream],
    );
    if (!rows[0].claimed) {
      ended = true;
      const held = await client.query<HolderRow>(
        'SELECT host, pid, since FROM writer_claims WHERE stream = $1',
        [stream],
      );
      await client.end();
      const row = held.rows[0];
      return {
        kind: 'held',
        holder: row ? { host: row.host, pid: row.pid, since: Number(row.since) } : null,
      };
    }
    await client.query(
      `INSERT INTO writer_claims (stream, host, pid, since) VALUES ($1, $2, $3, $4)
       ON CONFLICT (stream) DO UPDATE SET host = excluded.host, pid = excluded.pid, since = excluded.since`,
      [stream, me.host, me.pid, me.since],
    );
  } catch (e) {
    ended = true;
    await client.end().catch(() => {});
    throw e;
  }
  let released = false;
  return {
    kind: 'claimed',
    lost,
    async release() {
      if (released) return;
      released = true;
      // A lost claim has no session left to clean up after.
      if (!ended) {
        ended = true;
        await client
          .query('DELETE FROM writer_claims WHERE stream = $1 AND host = $2 AND pid = $3 AND since = $4', [
            stream,
            me.host,
            me.pid,
            me.since,
          ])
          .catch((e: Error) => onError(e));
      }
      // Ending the session ends the lock.
      await client.end().catch(() => {});
    },
  };
}
