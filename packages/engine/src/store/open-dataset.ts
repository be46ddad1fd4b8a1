import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { IdentityIndex } from '../identity/identity-index.js';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_TABLES, TABLE_NAMES } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';
import { type BuildServingStoreOptions, buildServingStore } from './build-serving-store.js';
import { ConnectionPool } from './connection-pool.js';
import { createTableSql } from './create-table-sql.js';
import { checkTableFile, readManifest } from './dataset-files.js';
import { DatasetStore } from './dataset-store.js';
import { RETURN_FREED_MEMORY } from './return-freed-memory.js';
import { servedViewsSql } from './served-tables-sql.js';
import {
  attachServingSql,
  BASE,
  baseViewSql,
  DELTA,
  SERVING_FILE,
  SERVING_INFO_TABLE,
  SERVING_VERSION,
  unionViewSql,
} from './serving-store-sql.js';
import { TOKEN_JSON_TABLE } from './token-json-sql.js';

/** The memory limit a dataset is opened with when none is given: a laptop-sized buffer pool. */
export const DEFAULT_MEMORY_LIMIT = '512MB';

export interface OpenDatasetOptions {
  /** Also open the simulator's hidden `oracle` table. Default false. */
  readonly includeOracle?: boolean;
  /** Pooled connections. Default 4. */
  readonly connections?: number;
  /** DuckDB worker threads. Default: DuckDB's (the number of cores). */
  readonly threads?: number;
  /** DuckDB memory limit, e.g. `"2GB"`: the buffer pool pages the serving file within it. Default `DEFAULT_MEMORY_LIMIT`. */
  readonly memoryLimit?: string;
  /** Check every file's SHA-256 against the manifest (reads every byte). Default false: sizes only. */
  readonly verifyHashes?: boolean;
  /** Progress of building `serving.duckdb` when the folder has none (or one of another dataset). */
  readonly onBuildProgress?: BuildServingStoreOptions['onProgress'];
  /** DuckDB memory limit of that build (`BuildServingStoreOptions.memoryLimit`). */
  readonly buildMemoryLimit?: string;
}

/**
 * Opens a dataset folder: validates `manifest.json`, checks each table file against it, and
 * attaches the folder's serving store (`serving.duckdb`: the tables with address strings, their
 * indexes and the identity index) read-only, building it first when it is missing or was built
 * from other files. Nothing is loaded into memory: DuckDB pages the file within `memoryLimit`.
 * Rows appended later (`DatasetStore.appendRows`) go to in-memory delta tables; every table name
 * is a view over base and delta, so queries see both. Every failure is one `DatasetError` whose
 * message names the file.
 */
export async function openDataset(dir: string, options: OpenDatasetOptions = {}): Promise<DatasetStore> {
  const root = resolve(dir);
  const manifest = await readManifest(root);
  const names = TABLE_NAMES.filter((name) => DATASET_TABLES[name].public || options.includeOracle);
  await checkTableFile(root, manifest, ADDRESS_TABLE.name, options.verifyHashes);
  for (const name of names) await checkTableFile(root, manifest, name, options.verifyHashes);

  const config: Record<string, string> = {
    memory_limit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
    // Appended rows and large intermediates spill here beyond the limit (DuckDB's default for an
    // in-memory database is `.tmp` in the working directory); DuckDB removes its files on close.
    temp_directory: join(tmpdir(), `launchlens-duckdb-${process.pid}-${randomBytes(4).toString('hex')}`),
    ...RETURN_FREED_MEMORY,
  };
  if (options.threads !== undefined) config.threads = String(options.threads);
  const instance = await DuckDBInstance.create(':memory:', config);
  try {
    const connection = await instance.connect();
    let identity: IdentityIndex;
    try {
      identity = await attachServingStore(connection, root, manifest, names, options);
      await connection.run(`CREATE SCHEMA ${DELTA}`);
      for (const name of names) {
        await connection.run(createTableSql(DATASET_TABLES[name], DELTA));
        await connection.run(
          unionViewSql(
            name,
            DATASET_TABLES[name].columns.map((c) => c.name),
          ),
        );
      }
      await connection.run(`CREATE TABLE ${DELTA}.${TOKEN_JSON_TABLE} (mint VARCHAR, row VARCHAR)`);
      await connection.run(unionViewSql(TOKEN_JSON_TABLE, ['mint', 'row']));
      await connection.run(`CREATE UNIQUE INDEX delta_tokens_mint ON ${DELTA}.tokens (mint)`);
      await connection.run(
        `CREATE UNIQUE INDEX delta_token_json_mint ON ${DELTA}.${TOKEN_JSON_TABLE} (mint)`,
      );
      const derived = await connection.runAndReadAll(
        `SELECT table_name FROM duckdb_tables() WHERE database_name = '${BASE}' AND table_name LIKE 'ix\\_%' ESCAPE '\\' ORDER BY 1`,
      );
      for (const [table] of derived.getRows()) await connection.run(baseViewSql(String(table)));
      for (const { name, sql } of servedViewsSql((table) => `${BASE}.main.${table}`))
        await connection.run(`CREATE VIEW main.${name} AS ${sql}`);
    } finally {
      connection.closeSync();
    }
    const pool = await ConnectionPool.create(instance, { size: options.connections });
    return new DatasetStore(manifest, root, new Set(names), pool, { appendSchema: DELTA, identity });
  } catch (cause) {
    instance.closeSync();
    throw cause;
  }
}

/** Attaches the folder's serving store, (re)building it when it is missing or stale; returns its identity index. */
async function attachServingStore(
  connection: DuckDBConnection,
  root: string,
  manifest: Manifest,
  names: readonly string[],
  options: OpenDatasetOptions,
): Promise<IdentityIndex> {
  const path = join(root, SERVING_FILE);
  const served = await attachedInfo(connection, path);
  if (
    served &&
    served.serving_version === SERVING_VERSION &&
    served.content_hash === manifest.content_hash &&
    (await holdsTables(connection, names))
  ) {
    return JSON.parse(served.identity) as IdentityIndex;
  }
  if (served) await connection.run(`DETACH ${BASE}`);
  await buildServingStore(root, manifest, {
    threads: options.threads,
    memoryLimit: options.buildMemoryLimit,
    onProgress: options.onBuildProgress,
  });
  const built = await attachedInfo(connection, path);
  if (!built) throw new Error(`${path} was built but cannot be attached`);
  return JSON.parse(built.identity) as IdentityIndex;
}

/** True when the attached base has every table in `names` (an `oracle` added after the build is not). */
async function holdsTables(connection: DuckDBConnection, names: readonly string[]): Promise<boolean> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM duckdb_tables() WHERE database_name = '${BASE}' AND schema_name = 'main' ` +
      `AND table_name IN (${names.map((n) => `'${n}'`).join(', ')})`,
  );
  return Number(reader.getRows()[0][0]) === names.length;
}

interface ServingInfo {
  readonly serving_version: number;
  readonly content_hash: string;
  readonly identity: string;
}

/** Attaches `path` and reads its info row; null (and nothing attached) when the file is missing or unreadable. */
async function attachedInfo(connection: DuckDBConnection, path: string): Promise<ServingInfo | null> {
  try {
    await connection.run(attachServingSql(path));
  } catch {
    return null;
  }
  try {
    const reader = await connection.runAndReadAll(
      `SELECT serving_version, content_hash, identity FROM ${BASE}.${SERVING_INFO_TABLE}`,
    );
    const [version, hash, identity] = reader.getRows()[0] ?? [];
    return { serving_version: Number(version), content_hash: String(hash), identity: String(identity) };
  } catch {
    return { serving_version: -1, content_hash: '', identity: '{}' };
  }
}
