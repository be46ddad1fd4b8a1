import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// pg_advisory_xact_lock key: replicas starting together apply the migrations one at a time.
const MIGRATION_LOCK = 0x6c6c6d67;

/** A migration file: `NNNN-name.sql`, applied in order of its number. */
const MIGRATION_FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;

/**
 * Applies the versioned SQL files of `migrations/` not yet recorded in `schema_migrations`, in one
 * transaction under an advisory lock (concurrent starts wait, then find nothing to do). Returns
 * the versions it applied.
 */
export async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await client.query(await readFile(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
