import { DuckDBInstance } from '@duckdb/node-api';
import { DATASET_FORMAT_VERSION } from '../tables/dataset-format-version.js';
import { DATASET_TABLES, TABLE_NAMES } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';
import { ConnectionPool } from './connection-pool.js';
import { createTableSql } from './create-table-sql.js';
import { DatasetStore } from './dataset-store.js';
import { INDEX_SQL } from './index-sql.js';

const EPOCH = '1970-01-01T00:00:00.000Z';

/** The manifest of a memory store: a synthetic `sim` dataset with no launches and no files. */
export const MEMORY_MANIFEST: Manifest = {
  format_version: DATASET_FORMAT_VERSION,
  source: 'sim',
  generator_version: 'memory-store',
  seed: null,
  launches: 0,
  history_from: EPOCH,
  complete_since: EPOCH,
  current_through: EPOCH,
  ticks_retention: { full_resolution_from: EPOCH, resolution_s: 5, note: 'memory store: no files' },
  tables: {},
  content_hash: '',
};

/**
 * A store on DuckDB `:memory:` with every dataset table (the `oracle` included) created empty,
 * for tests: add rows with `appendRows`, then query.
 */
export async function openMemoryStore(): Promise<DatasetStore> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    for (const name of TABLE_NAMES) await connection.run(createTableSql(DATASET_TABLES[name]));
    for (const { sql } of INDEX_SQL) await connection.run(sql);
  } finally {
    connection.closeSync();
  }
  const pool = await ConnectionPool.create(instance, { size: 4 });
  return new DatasetStore(MEMORY_MANIFEST, null, new Set(TABLE_NAMES), pool);
}
