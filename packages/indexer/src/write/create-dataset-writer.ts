import { createHash } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { Manifest } from '@launchlens/engine';
import {
  DATASET_TABLES,
  hashFile,
  type ManifestTable,
  TABLE_NAMES,
  type TableName,
  temporaryBuildPath,
} from '@launchlens/engine/internal';
import {
  ADDRESS_TABLE,
  DATASET_FORMAT_VERSION,
  RETURN_FREED_MEMORY,
  type TableRows,
} from '@launchlens/engine/store';
import { IndexerError } from '../indexer-error.js';
import { ADDRESS_IDS_TABLE, addressIdsSql, DROP_ADDRESS_STRINGS_SQL } from './address-ids-sql.js';
import { ADDRESS_STRINGS_DDL, ADDRESS_STRINGS_TABLE, AddressStringIds } from './address-string-ids.js';
import { ColumnBuffer } from './column-buffer.js';
import { copyTableSql } from './copy-table-sql.js';
import { releaseHeap } from './release-heap.js';
import { stagingTableSql } from './staging-table-sql.js';
import { DICTIONARY_DDL, DICTIONARY_TABLE, StringDictionary } from './string-dictionary.js';

/** What the caller states about a dataset; the writer adds the tables, content hash and format version. */
export type DatasetInfo = Omit<Manifest, 'tables' | 'content_hash' | 'format_version'>;

export interface TableWriter<R> {
  /**
   * Buffers one row (not validated: rows come typed from the builder). `keys`, when given, numbers
   * the strings of the table's keyed columns (`DatasetWriterOptions.keyedColumns`), in that order:
   * the same key always for the same string, so the writer looks the string up by it.
   */
  append(row: R, keys?: ArrayLike<number>): void;
}

/** Called after each step of `DatasetWriter.finish`: steps done, steps in all, and the step just done. */
export type WriteProgress = (done: number, total: number, step: string) => void;

export interface DatasetWriter {
  table<N extends TableName>(name: N): TableWriter<TableRows[N]>;
  /**
   * Writes every table and `manifest.json`, then moves the folder into place. `onProgress` hears
   * of each step (`WRITE_STEPS` in all): the address numbering, then each Parquet file.
   */
  finish(info: DatasetInfo, onProgress?: WriteProgress): Promise<Manifest>;
  /** Drops everything written so far; `dir` is left as it was. */
  abort(): Promise<void>;
}

export interface DatasetWriterOptions {
  /**
   * DuckDB memory limit while rows arrive (staged rows beyond it spill to the temporary folder,
   * so it bounds the staging whatever the dataset's size). Default `384MB`: the staged rows are
   * spilled either way, and the replay's peak (≈ 2.8 GB at 240k launches with 512MB) sits at it.
   */
  readonly stagingMemoryLimit?: string;
  /** DuckDB memory limit while `finish` sorts and writes the tables (spilling beyond it). Default `1536MB`. */
  readonly memoryLimit?: string;
  /** DuckDB worker threads. Default: DuckDB's (one per core); the Parquet bytes do not depend on it. */
  readonly threads?: number;
  /**
   * Strings the writer's dictionary remembers (default `DICTIONARY_WINDOW`); the Parquet bytes do
   * not depend on it.
   */
  readonly dictionaryWindow?: number;
  /**
   * String columns whose rows may come with a key (`TableWriter.append`), per table; the Parquet
   * bytes do not depend on them.
   */
  readonly keyedColumns?: Partial<Record<TableName, readonly string[]>>;
}

const stagingName = (table: TableName) => `stage_${table}`;

/**
 * Opens a writer for a dataset folder: rows are staged in DuckDB while they arrive, and `finish`
 * writes `addresses.parquet`, one sorted zstd Parquet file per table (address columns as ids into
 * it) plus `manifest.json` into a temporary sibling folder that is renamed onto `dir` at the end,
 * so `dir` never holds half a dataset; what a killed writer left beside it is removed first
 * (`temporaryBuildPath`).
 */
export async function createDatasetWriter(
  dir: string,
  options: DatasetWriterOptions = {},
): Promise<DatasetWriter> {
  const target = resolve(dir);
  await mkdir(dirname(target), { recursive: true });
  const tmp = await temporaryBuildPath(dirname(target), basename(target));
  await mkdir(tmp);
  const spill = join(tmp, '.spill');
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  try {
    const config: Record<string, string> = {
      memory_limit: options.stagingMemoryLimit ?? '384MB',
      temp_directory: spill,
      preserve_insertion_order: 'true',
      ...RETURN_FREED_MEMORY,
    };
    if (options.threads !== undefined) config.threads = String(options.threads);
    instance = await DuckDBInstance.create(':memory:', config);
    connection = await instance.connect();
    await connection.run(DICTIONARY_DDL);
    const dictionaryAppender = await connection.createAppender(DICTIONARY_TABLE);
    const dictionary = new StringDictionary(dictionaryAppender, options.dictionaryWindow);
    const addressIds = new AddressStringIds();
    const buffers = new Map<TableName, ColumnBuffer>();
    const appenders: DuckDBAppender[] = [];
    for (const name of TABLE_NAMES) {
      const spec = DATASET_TABLES[name];
      await connection.run(stagingTableSql(spec, stagingName(name)));
      const appender = await connection.createAppender(stagingName(name));
      appenders.push(appender);
      buffers.set(
        name,
        new ColumnBuffer(
          spec.columns,
          appender,
          dictionary,
          options.keyedColumns?.[name],
          spec.addressColumns,
          addressIds,
        ),
      );
    }
    appenders.push(dictionaryAppender);
    return new StagedDatasetWriter(
      target,
      tmp,
      spill,
      options.memoryLimit ?? '1536MB',
      instance,
      connection,
      dictionary,
      addressIds,
      buffers,
      appenders,
    );
  } catch (cause) {
    connection?.closeSync();
    instance?.closeSync();
    await rm(tmp, { recursive: true, force: true });
    throw new IndexerError(
      'dataset_write_failed',
      `cannot start writing dataset ${target}: ${String(cause)}`,
      cause,
    );
  }
}

/** Steps of `DatasetWriter.finish`: numbering the addresses, `addresses.parquet`, then each table's file. */
export const WRITE_STEPS = 2 + TABLE_NAMES.length;

class StagedDatasetWriter implements DatasetWriter {
  private state: 'open' | 'finishing' | 'closed' = 'open';

  constructor(
    private readonly target: string,
    private readonly tmp: string,
    private readonly spill: string,
    private readonly finishMemoryLimit: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly dictionary: StringDictionary,
    private readonly addressIds: AddressStringIds,
    private readonly buffers: ReadonlyMap<TableName, ColumnBuffer>,
    private readonly appenders: readonly DuckDBAppender[],
  ) {}

  table<N extends TableName>(name: N): TableWriter<TableRows[N]> {
    if (this.state !== 'open') {
      throw new IndexerError('writer_closed', `dataset writer for ${this.target} is ${this.state}`);
    }
    const buffer = this.buffers.get(name);
    if (!buffer) throw new IndexerError('unknown_table', `dataset has no table "${name}"`);
    return buffer;
  }

  async finish(info: DatasetInfo, onProgress?: WriteProgress): Promise<Manifest> {
    if (this.state !== 'open') {
      throw new IndexerError('writer_closed', `dataset writer for ${this.target} is ${this.state}`);
    }
    this.state = 'finishing';
    onProgress?.(0, WRITE_STEPS, 'start');
    try {
      for (const buffer of this.buffers.values()) buffer.flush();
      this.dictionary.release();
      for (const appender of this.appenders) appender.closeSync();
      await this.connection.run(ADDRESS_STRINGS_DDL);
      const addresses = await this.connection.createAppender(ADDRESS_STRINGS_TABLE);
      this.addressIds.writeTo(addresses);
      addresses.closeSync();
      // The COPYs below are the write's largest use of memory: the JS heap the caller and the
      // dictionary no longer use goes back to the system before DuckDB sorts and writes.
      await releaseHeap();
      await this.connection.run(`SET memory_limit = '${this.finishMemoryLimit.replaceAll("'", "''")}'`);
      const tables: Record<string, ManifestTable> = {};
      const hashes: string[] = [];
      const record = async (name: string, file: string, rows: number) => {
        const path = join(this.tmp, file);
        const sha256 = await hashFile(path);
        const { size } = await stat(path);
        tables[name] = { file, rows, bytes: size, sha256 };
        hashes.push(sha256);
      };
      const step = (what: string, sql: string) =>
        this.connection.run(sql).catch((cause: unknown) => {
          throw new IndexerError(
            'dataset_write_failed',
            `cannot write dataset ${this.target} (${what}): ${String(cause)}`,
            cause,
          );
        });
      let done = 0;
      const stepDone = (what: string) => onProgress?.(++done, WRITE_STEPS, what);
      await step('numbering addresses', addressIdsSql());
      await step('numbering addresses', `DROP TABLE ${ADDRESS_STRINGS_TABLE}`);
      stepDone('numbering addresses');
      await step(ADDRESS_TABLE.file, addressesCopySql(join(this.tmp, ADDRESS_TABLE.file)));
      const numbered = await this.connection.runAndReadAll(
        `SELECT count(DISTINCT id) FROM ${ADDRESS_IDS_TABLE}`,
      );
      await record(ADDRESS_TABLE.name, ADDRESS_TABLE.file, Number(numbered.getRows()[0][0]));
      for (const sql of DROP_ADDRESS_STRINGS_SQL) await step('numbering addresses', sql);
      stepDone(ADDRESS_TABLE.file);
      for (const name of TABLE_NAMES) {
        const file = `${name}.parquet`;
        await step(file, copyTableSql(DATASET_TABLES[name], stagingName(name), join(this.tmp, file)));
        await this.connection.run(`DROP TABLE ${stagingName(name)}`);
        await record(name, file, this.buffers.get(name)!.rows);
        stepDone(file);
      }
      const parsed = Manifest.safeParse({
        format_version: DATASET_FORMAT_VERSION,
        ...info,
        tables,
        content_hash: createHash('sha256').update(hashes.join('')).digest('hex'),
      });
      if (!parsed.success) {
        throw new IndexerError(
          'manifest_invalid',
          `manifest of ${this.target} is invalid: ${parsed.error.message}`,
        );
      }
      await writeFile(join(this.tmp, 'manifest.json'), `${JSON.stringify(parsed.data, null, 2)}\n`);
      this.close();
      await rm(this.spill, { recursive: true, force: true });
      await chmod(this.tmp, 0o755);
      await moveIntoPlace(this.tmp, this.target);
      return parsed.data;
    } catch (cause) {
      await this.abort();
      if (cause instanceof IndexerError) throw cause;
      throw new IndexerError(
        'dataset_write_failed',
        `cannot write dataset ${this.target}: ${String(cause)}`,
        cause,
      );
    }
  }

  async abort(): Promise<void> {
    this.close();
    await rm(this.tmp, { recursive: true, force: true });
  }

  private close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/** `COPY` text writing `addresses.parquet`: format v2, whose delta encoding stores the dense ids for free. */
function addressesCopySql(file: string): string {
  return (
    `COPY (SELECT DISTINCT id, address FROM ${ADDRESS_IDS_TABLE} ORDER BY id) ` +
    `TO '${file.replaceAll("'", "''")}' (FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION v2)`
  );
}

/** Renames `tmp` onto `target`; an existing `target` is moved aside first and removed after. */
async function moveIntoPlace(tmp: string, target: string): Promise<void> {
  const previous = `${tmp}.previous`;
  const existed = await stat(target).then(
    () => true,
    () => false,
  );
  if (existed) await rename(target, previous);
  await rename(tmp, target);
  if (existed) await rm(previous, { recursive: true, force: true });
}
