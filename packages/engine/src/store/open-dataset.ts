import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_FORMAT_VERSION } from '../tables/dataset-format-version.js';
import { DATASET_TABLES, TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import { Manifest } from '../tables/manifest.js';
import { type StoredColumn, storedColumnsOf } from '../tables/stored-columns-of.js';
import { ConnectionPool } from './connection-pool.js';
import { DatasetError } from './dataset-error.js';
import { DatasetStore } from './dataset-store.js';
import { INDEX_SQL } from './index-sql.js';
import { ADDRESS_LOOKUP, loadAddressesSql, MINT_LOOKUP, mintLookupSql } from './load-addresses-sql.js';
import { loadTableSql } from './load-table-sql.js';

export interface OpenDatasetOptions {
  /** Also open the simulator's hidden `oracle` table. Default false. */
  readonly includeOracle?: boolean;
  /** Pooled connections. Default 4. */
  readonly connections?: number;
  /** DuckDB worker threads. Default: DuckDB's (the number of cores). */
  readonly threads?: number;
  /** DuckDB memory limit, e.g. `"2GB"`. Default: DuckDB's (80 % of RAM). */
  readonly memoryLimit?: string;
  /** Check every file's SHA-256 against the manifest (reads every byte). Default false: sizes only. */
  readonly verifyHashes?: boolean;
}

/**
 * Opens a dataset folder: validates `manifest.json`, checks each table file against it, loads
 * the tables into in-memory DuckDB tables (address ids joined back to strings from
 * `addresses.parquet`, which is not kept) and builds the mint indexes. Every failure is one
 * `DatasetError` whose message names the file. In-memory tables rather than views over Parquet,
 * measured on 24k tokens: a whole-row lookup by mint took ≈ 20 ms p50 through a view against
 * ≈ 1.2 ms from a table with an ART index; loading 24k tokens + 3 M holders takes ≈ 2.4 s and
 * ≈ 1 GB RSS (2 busy cores). Joining the address ids back makes opening the default dataset
 * 3.4–3.9 s → 5.1–5.6 s (format 1 → 2, 2 shared cores; docs/decisions.md).
 */
export async function openDataset(dir: string, options: OpenDatasetOptions = {}): Promise<DatasetStore> {
  const root = resolve(dir);
  const manifest = await readManifest(root);
  const names = TABLE_NAMES.filter((name) => DATASET_TABLES[name].public || options.includeOracle);
  const files = new Map<TableName, string>();
  const addresses = await checkTableFile(root, manifest, ADDRESS_TABLE.name, options.verifyHashes);
  for (const name of names) files.set(name, await checkTableFile(root, manifest, name, options.verifyHashes));

  const config: Record<string, string> = {};
  if (options.threads !== undefined) config.threads = String(options.threads);
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  const instance = await DuckDBInstance.create(':memory:', config);
  try {
    const connection = await instance.connect();
    try {
      const addressRows = manifest.tables[ADDRESS_TABLE.name].rows;
      await loadAddresses(connection, addresses, addressRows);
      for (const [name, file] of files) {
        await loadTable(connection, name, file, manifest.tables[name].rows, addressRows);
        if (name === 'tokens') await connection.run(mintLookupSql());
      }
      await connection.run(`DROP TABLE ${MINT_LOOKUP}`);
      await connection.run(`DROP TABLE ${ADDRESS_LOOKUP}`);
      for (const { table, sql } of INDEX_SQL) {
        await connection.run(sql).catch((cause: unknown) => {
          throw new DatasetError(
            'table_invalid',
            `table file invalid: ${files.get(table)} (${message(cause)})`,
            cause,
          );
        });
      }
    } finally {
      connection.closeSync();
    }
    const pool = await ConnectionPool.create(instance, { size: options.connections });
    return new DatasetStore(manifest, root, new Set(names), pool);
  } catch (cause) {
    instance.closeSync();
    throw cause;
  }
}

async function readManifest(root: string): Promise<Manifest> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    throw new DatasetError('dataset_missing', `dataset not found: ${root} is not a folder`);
  }
  const path = join(root, 'manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new DatasetError(
      'manifest_missing',
      `dataset ${root} has no manifest: ${path} cannot be read`,
      cause,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new DatasetError('manifest_invalid', `${path} is not valid JSON: ${message(cause)}`, cause);
  }
  const version = (json as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && version !== DATASET_FORMAT_VERSION) {
    throw new DatasetError(
      'format_unsupported',
      `${path} is dataset format ${version}; this version reads format ${DATASET_FORMAT_VERSION} ` +
        `(address columns as ids into ${ADDRESS_TABLE.file}): rebuild the dataset ` +
        `(pnpm launchlens dataset build --out ${root}, with the --launches, --seed and --end it was built with)`,
    );
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new DatasetError(
      'manifest_invalid',
      `${path} is not a valid manifest: ${issues.join('; ')}`,
      parsed.error,
    );
  }
  return parsed.data;
}

async function checkTableFile(
  root: string,
  manifest: Manifest,
  name: string,
  verifyHashes = false,
): Promise<string> {
  const entry = manifest.tables[name];
  if (!entry) {
    throw new DatasetError('table_missing', `${join(root, 'manifest.json')} lists no "${name}" table`);
  }
  const path = join(root, entry.file);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) {
    throw new DatasetError('table_missing', `table file missing: ${path} (table ${name})`);
  }
  if (info.size !== entry.bytes) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} has ${info.size} bytes, the manifest says ${entry.bytes}`,
    );
  }
  if (verifyHashes) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    if (sha256 !== entry.sha256) {
      throw new DatasetError(
        'table_corrupt',
        `table file corrupt: ${path} has SHA-256 ${sha256}, the manifest says ${entry.sha256}`,
      );
    }
  }
  return path;
}

/** Loads `addresses.parquet` into `ADDRESS_LOOKUP`; its ids must be exactly 0 … rows − 1. */
async function loadAddresses(connection: DuckDBConnection, path: string, rows: number): Promise<void> {
  await checkColumns(connection, path, ADDRESS_TABLE.name, ADDRESS_TABLE.columns);
  await runLoad(connection, path, loadAddressesSql(path));
  const reader = await connection.runAndReadAll(
    `SELECT count(*), count(DISTINCT id), coalesce(min(id), 0), coalesce(max(id), -1) FROM ${ADDRESS_LOOKUP}`,
  );
  const [count, distinct, min, max] = reader.getRows()[0].map(Number);
  if (count !== rows) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} holds ${count} rows, the manifest says ${rows}`,
    );
  }
  if (distinct !== count || min !== 0 || max !== count - 1) {
    throw new DatasetError(
      'table_invalid',
      `table file invalid: ${path} does not number its addresses 0 to ${count - 1}`,
    );
  }
}

async function loadTable(
  connection: DuckDBConnection,
  name: TableName,
  path: string,
  rows: number,
  addressRows: number,
): Promise<void> {
  const spec = DATASET_TABLES[name];
  await checkColumns(connection, path, name, storedColumnsOf(spec));
  await checkAddressIds(connection, path, spec.addressColumns, addressRows);
  if (spec.addressColumns.includes('mint')) {
    await runLoad(
      connection,
      path,
      loadTableSql(spec, path, (c) => (c === 'mint' ? MINT_LOOKUP : ADDRESS_LOOKUP)),
    );
    // A mint that is not a token (none in a built dataset) falls back to the whole address table.
    const missing = await connection.runAndReadAll(`SELECT count(*) FROM "${name}" WHERE mint IS NULL`);
    if (Number(missing.getRows()[0][0]) > 0) {
      await connection.run(`DROP TABLE "${name}"`);
      await runLoad(connection, path, loadTableSql(spec, path));
    }
  } else {
    await runLoad(connection, path, loadTableSql(spec, path));
  }
  const loaded = await connection.runAndReadAll(`SELECT count(*) FROM "${name}"`);
  const count = Number(loaded.getRows()[0][0]);
  if (count !== rows) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} holds ${count} rows, the manifest says ${rows}`,
    );
  }
}

const literal = (path: string) => `'${path.replaceAll("'", "''")}'`;

async function checkColumns(
  connection: DuckDBConnection,
  path: string,
  table: string,
  columns: readonly StoredColumn[],
): Promise<void> {
  let found: Map<string, string>;
  try {
    const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${literal(path)})`);
    found = new Map(reader.getRowObjects().map((r) => [String(r.column_name), String(r.column_type)]));
  } catch (cause) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} cannot be read as Parquet (${message(cause)})`,
      cause,
    );
  }
  const wrong = columns
    .filter((c) => found.get(c.name) !== c.type)
    .map((c) => `${c.name} ${c.type} (found ${found.get(c.name) ?? 'none'})`);
  if (wrong.length > 0) {
    throw new DatasetError(
      'table_invalid',
      `table file invalid: ${path} does not match table ${table}: ${wrong.join(', ')}`,
    );
  }
}

/** Address ids must fall inside `addresses.parquet`; checked on the row groups' min/max statistics. */
async function checkAddressIds(
  connection: DuckDBConnection,
  path: string,
  columns: readonly string[],
  addressRows: number,
): Promise<void> {
  if (columns.length === 0) return;
  const names = columns.map((c) => literal(c)).join(', ');
  const reader = await connection.runAndReadAll(
    `SELECT path_in_schema, min(TRY_CAST(stats_min_value AS BIGINT)), max(TRY_CAST(stats_max_value AS BIGINT)) ` +
      `FROM parquet_metadata(${literal(path)}) WHERE path_in_schema IN (${names}) GROUP BY 1 ORDER BY 1`,
  );
  for (const [column, min, max] of reader.getRows()) {
    if (min === null || max === null) continue;
    if (Number(min) < 0 || Number(max) >= addressRows) {
      throw new DatasetError(
        'table_invalid',
        `table file invalid: ${path} column ${String(column)} has address ids ${min}–${max}, ` +
          `${ADDRESS_TABLE.file} has ${addressRows}`,
      );
    }
  }
}

async function runLoad(connection: DuckDBConnection, path: string, sql: string): Promise<void> {
  try {
    await connection.run(sql);
  } catch (cause) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} cannot be loaded (${message(cause)})`,
      cause,
    );
  }
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
