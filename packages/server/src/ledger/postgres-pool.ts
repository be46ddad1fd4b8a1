import pg from 'pg';

const INT8_OID = 20;

export interface PostgresPoolOptions {
  readonly connectionString: string;
  /** Connections per process (default 10). */
  readonly max?: number;
}

/**
 * A `pg` pool whose `bigint` columns come back as numbers (credits and epoch-ms times are checked
 * safe integers on the way in), with idle-client errors logged instead of crashing the process.
 */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (e) => process.stderr.write(`postgres pool: idle client error: ${e.message}\n`));
  return pool;
}
