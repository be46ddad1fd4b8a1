import { hostname } from 'node:os';
import pg from 'pg';

/**
 * Ends the PostgreSQL session holding the writer claim of process `pid` on this host (its
 * `application_name`), as a failover or an administrator would; returns how many it ended.
 */
export async function terminateWriterSession(databaseUrl: string, pid: number): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [`launchlens writer ${pid}@${hostname()}`],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
