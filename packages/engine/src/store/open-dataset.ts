import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { DATASET_TABLES, TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import { Manifest } from '../tables/manifest.js';
import { ConnectionPool } from './connection-pool.js';
import { DatasetError } from './dataset-error.js';
import { DatasetStore } from './dataset-store.js';
import { INDEX_SQL } from './index-sql.js';
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
 * the tables into in-memory DuckDB tables and builds the mint indexes. Every failure is one
 * `DatasetError` whose message names the file. In-memory tables rather than views over Parquet,
 * measured on 24k tokens: a whole-row lookup by mint took ≈ 20 ms p50 through a view against
 * ≈ 1.2 ms from a table with an ART index; loading 24k tokens + 3 M holders takes ≈ 2.4 s and
 * ≈ 1 GB RSS (2 busy cores).
 */
export async function openDataset(dir: string, options: OpenDatasetOptions = {}): Promise<DatasetStore> {
  const root = resolve(dir);
  const manifest = await readManifest(root);
  const names = TABLE_NAMES.filter((name) => DATASET_TABLES[name].public || options.includeOracle);
  const files = new Map<TableName, string>();
  for (const name of names) files.set(name, await checkTableFile(root, manifest, name, options.verifyHashes));

  const config: Record<string, string> = {};
  if (options.threads !== undefined) config.threads = String(options.threads);
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  const instance = await DuckDBInstance.create(':memory:', config);
  try {
    const connection = await instance.connect();
    try {
      for (const [name, file] of files) await loadTable(connection, name, file, manifest.tables[name].rows);
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
  name: TableName,
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

async function loadTable(
  connection: DuckDBConnection,
  name: TableName,
  path: string,
  rows: number,
): Promise<void> {
  const spec = DATASET_TABLES[name];
  const literal = `'${path.replaceAll("'", "''")}'`;
  let found: Map<string, string>;
  try {
    const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${literal})`);
    found = new Map(reader.getRowObjects().map((r) => [String(r.column_name), String(r.column_type)]));
  } catch (cause) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} cannot be read as Parquet (${message(cause)})`,
      cause,
    );
  }
  const wrong = spec.columns
    .filter((c) => found.get(c.name) !== c.type)
    .map((c) => `${c.name} ${c.type} (found ${found.get(c.name) ?? 'none'})`);
  if (wrong.length > 0) {
    throw new DatasetError(
      'table_invalid',
      `table file invalid: ${path} does not match table ${name}: ${wrong.join(', ')}`,
    );
  }
  try {
    await connection.run(loadTableSql(spec, path));
  } catch (cause) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} cannot be loaded (${message(cause)})`,
      cause,
    );
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

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
