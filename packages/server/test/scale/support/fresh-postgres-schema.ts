import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the scale tests use; `.ci/run` starts it when it is not running. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshSchema {
  readonly schema: string;
  /** `TEST_DATABASE_URL` with `search_path` set to the fresh schema. */
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty schema in the test database, so parallel suites and repeated runs never share
 * tables. An unreachable server fails the test with how to start it: these tests never skip.
 */
export async function freshPostgresSchema(prefix = 't'): Promise<FreshSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(e as Error).message}); start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` or set TEST_DATABASE_URL',
    );
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}
