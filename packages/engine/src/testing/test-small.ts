import { readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DuckDBConnection } from '@duckdb/node-api';
import { readManifest } from '../store/dataset-files.js';
import { loadDatasetTables } from '../store/load-dataset-tables.js';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { TABLE_NAMES } from '../tables/dataset-tables.js';

/** The committed 400-launch dataset the engine's store and identity tests read (`datasets/test-small`). */
const TEST_SMALL = fileURLToPath(new URL('../../../../datasets/test-small', import.meta.url));

/** Links test-small's Parquet files and manifest into `dir`, so a serving store can be built there. */
export async function linkTestSmall(dir: string): Promise<void> {
  for (const file of await readdir(TEST_SMALL)) {
    if (file.endsWith('.parquet') || file === 'manifest.json')
      await symlink(join(TEST_SMALL, file), join(dir, file));
  }
}

/** Loads every test-small table into `connection`'s database with its strings (`loadDatasetTables`). */
export async function loadTestSmall(connection: DuckDBConnection): Promise<void> {
  const manifest = await readManifest(TEST_SMALL);
  const tables = new Map(
    TABLE_NAMES.map((name) => [
      name,
      { file: join(TEST_SMALL, manifest.tables[name].file), rows: manifest.tables[name].rows },
    ]),
  );
  const addresses = {
    file: join(TEST_SMALL, ADDRESS_TABLE.file),
    rows: manifest.tables[ADDRESS_TABLE.name].rows,
  };
  await loadDatasetTables(connection, addresses, tables);
}
