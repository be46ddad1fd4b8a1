import type { EventLog } from './event-log.js';
import { openSqliteEventLog } from './sqlite-event-log.js';

export interface OpenEventLogOptions {
  /** PostgreSQL, shared by replicas; when unset, the SQLite file `ledgerFile`. */
  readonly databaseUrl?: string;
  /** The ledger's SQLite file: the embedded log is a table in it. */
  readonly ledgerFile: string;
  /** The ledger's worker checkpoints that file already (the server's case). */
  readonly sharedCheckpointer?: boolean;
}

/**
 * The event log the server uses (DESIGN §7–§8): PostgreSQL with `DATABASE_URL`, else the ledger's
 * SQLite file. The PostgreSQL client is loaded only then (`pg` is not loaded by an embedded start).
 */
export async function openEventLog(options: OpenEventLogOptions): Promise<EventLog> {
  return options.databaseUrl
    ? (await import('./postgres-event-log.js')).openPostgresEventLog({
        connectionString: options.databaseUrl,
      })
    : openSqliteEventLog(options.ledgerFile, { sharedCheckpointer: options.sharedCheckpointer });
}
