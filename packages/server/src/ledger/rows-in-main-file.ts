import { copyFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Test support: the rows of `table` that a SQLite database file holds on its own, without its WAL
 * (what checkpoints have moved into it), read from a copy; 0 before the table exists, −1 when
 * the copy caught a checkpoint half-way.
 */
export function rowsInMainFile(path: string, table: 'charges' | 'events'): number {
  const copy = `${path}.copy`;
  copyFileSync(path, copy);
  const db = new Database(copy, { readonly: true });
  try {
    const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(table);
    return exists ? db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n : 0;
  } catch {
    return -1;
  } finally {
    db.close();
  }
}
