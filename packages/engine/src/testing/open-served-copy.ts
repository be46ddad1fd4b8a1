import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatasetStore } from '../store/dataset-store.js';
import { openDataset } from '../store/open-dataset.js';
import { TABLE_NAMES } from '../tables/dataset-tables.js';
import { type TestTables, writeTestDataset } from './write-test-dataset.js';

/**
 * Test support: the rows of `db` written as a dataset in `dir` and opened there, so a served
 * store (its serving file's derived tables) can be checked against the memory store it came from.
 */
export async function openServedCopy(db: DatasetStore, dir: string): Promise<DatasetStore> {
  const tables: Record<string, unknown[]> = {};
  for (const name of TABLE_NAMES) {
    if (db.tables.has(name)) tables[name] = await db.all<Record<string, unknown>>(`SELECT * FROM ${name}`);
  }
  await writeTestDataset(dir, tables as TestTables);
  return openDataset(dir);
}

/** Test support: runs `check` on a served copy of `db` (`openServedCopy` in a temporary folder), then removes it. */
export async function withServedCopy(
  db: DatasetStore,
  check: (served: DatasetStore) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'served-copy-'));
  try {
    const served = await openServedCopy(db, dir);
    try {
      await check(served);
    } finally {
      await served.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
