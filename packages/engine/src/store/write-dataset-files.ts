import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_TABLES, TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';
import type { DatasetStore } from './dataset-store.js';
import { hashFile } from './hash-file.js';
import { servedLayoutOf } from './served-layout.js';
import { BASE, DELTA } from './serving-store-sql.js';
import { addressLookupSql, writeAddressesSql } from './write-addresses-sql.js';
import { SOURCE_PART, SOURCE_ROW, writeTableSql } from './write-table-sql.js';

/** The table `writeDatasetFiles` numbers addresses in while it writes (dropped after). */
const LOOKUP = '__written_addresses';

/** What a manifest says of the files `writeDatasetFiles` wrote. */
export interface DatasetFiles {
  readonly tables: Manifest['tables'];
  /** SHA-256 of the files' SHA-256s (hex) in manifest order, as the indexer's writer computes it. */
  readonly content_hash: string;
}

export interface WriteDatasetFilesOptions {
  /** Order each table's rows by its `sortBy`, as the indexer's writer does; otherwise they keep the store's order. */
  readonly sorted: boolean;
}

/**
 * Writes every row of `store`'s tables into the folder `dir` as dataset files: `addresses.parquet`
 * (every address once, numbered in address order) and one zstd Parquet file per table with
 * address columns as ids. An opened dataset's rows are its served base followed by the rows
 * appended since. Returns the manifest's `tables` and `content_hash`; the manifest is the caller's.
 */
export async function writeDatasetFiles(
  store: DatasetStore,
  dir: string,
  options: WriteDatasetFilesOptions,
): Promise<DatasetFiles> {
  const names = TABLE_NAMES.filter((name) => store.tables.has(name));
  const { served } = await servedLayoutOf(store);
  const tables: Record<string, Manifest['tables'][string]> = {};
  const record = async (name: string, file: string, rows: number) => {
    const path = join(dir, file);
    tables[name] = { file, rows, bytes: (await stat(path)).size, sha256: await hashFile(path) };
  };
  await store.all(
    addressLookupSql(
      LOOKUP,
      names.map((name) => DATASET_TABLES[name]),
    ),
  );
  try {
    await store.all(writeAddressesSql(LOOKUP, join(dir, ADDRESS_TABLE.file)));
    await record(ADDRESS_TABLE.name, ADDRESS_TABLE.file, await countOf(store, LOOKUP));
    for (const name of names) {
      const file = `${name}.parquet`;
      const source = sourceSql(name, served);
      await store.all(
        writeTableSql(DATASET_TABLES[name], { source, lookup: LOOKUP, file: join(dir, file), ...options }),
      );
      await record(name, file, await countOf(store, name));
    }
  } finally {
    await store.all(`DROP TABLE IF EXISTS ${LOOKUP}`);
  }
  const hashes = Object.values(tables).map((t) => t.sha256);
  return { tables, content_hash: createHash('sha256').update(hashes.join('')).digest('hex') };
}

/** The rows of `name` (its dataset columns) with their part (0 the served base, 1 the rows appended) and row number. */
function sourceSql(name: TableName, served: boolean): string {
  const q = `"${name}"`;
  const columns = DATASET_TABLES[name].columns.map((c) => `"${c.name}"`).join(', ');
  const part = (from: string, n: number) =>
    `SELECT ${columns}, ${n} AS ${SOURCE_PART}, rowid AS ${SOURCE_ROW} FROM ${from}`;
  return served
    ? `${part(`${BASE}.main.${q}`, 0)} UNION ALL ${part(`${DELTA}.${q}`, 1)}`
    : part(`main.${q}`, 0);
}

async function countOf(store: DatasetStore, table: string): Promise<number> {
  const [{ n }] = await store.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM "${table}"`);
  return n;
}
