import type { DuckDBConnection } from '@duckdb/node-api';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_TABLES, type TableName } from '../tables/dataset-tables.js';
import { type StoredColumn, storedColumnsOf } from '../tables/stored-columns-of.js';
import { DatasetError } from './dataset-error.js';
import {
  ADDRESS_LOOKUP,
  idsView,
  loadAddressesSql,
  MINT_LOOKUP,
  mintLookupSql,
} from './load-addresses-sql.js';
import { loadTableSql } from './load-table-sql.js';

/** What `loadDatasetTables` leaves for the rest of a serving build. */
export interface LoadedTables {
  /**
   * The lookup whose addresses cover every mint of the tables left as views: `MINT_LOOKUP` (the
   * tokens), or `ADDRESS_LOOKUP` when one of their mints is not a token (none in a built dataset).
   */
  readonly mints: string;
}

/**
 * Loads a dataset's Parquet tables into DuckDB tables of `connection`'s database, address ids
 * joined back to their strings from `addresses` (`ADDRESS_LOOKUP`; with `MINT_LOOKUP`, the
 * tokens' mints). Every table with address columns is also a temporary view of its file, ids as
 * they are (`idsView`); the tables in `deferred` are only that (the caller writes them), checked
 * like the others. Each file's columns and address ids are checked first and its row count after;
 * every failure is one `DatasetError` naming the file. The lookups are temporary tables the
 * caller drops (`DROP_LOOKUPS_SQL`).
 */
export async function loadDatasetTables(
  connection: DuckDBConnection,
  addresses: { readonly file: string; readonly rows: number },
  tables: ReadonlyMap<TableName, { readonly file: string; readonly rows: number }>,
  deferred: ReadonlySet<TableName> = new Set(),
): Promise<LoadedTables> {
  await loadAddresses(connection, addresses.file, addresses.rows);
  for (const [name, { file, rows }] of tables) {
    const spec = DATASET_TABLES[name];
    await checkColumns(connection, file, name, storedColumnsOf(spec));
    await checkAddressIds(connection, file, spec.addressColumns, addresses.rows);
    if (spec.addressColumns.length > 0) {
      await connection.run(
        `CREATE TEMP VIEW ${idsView(name)} AS SELECT * FROM read_parquet(${literal(file)})`,
      );
    }
    if (deferred.has(name)) await checkCount(connection, file, idsView(name), rows);
    else await loadTable(connection, name, file, rows);
    if (name === 'tokens') await connection.run(mintLookupSql());
  }
  const withMints = [...deferred].filter((name) => DATASET_TABLES[name].addressColumns.includes('mint'));
  if (withMints.length === 0) return { mints: MINT_LOOKUP };
  const strays = await connection.runAndReadAll(
    `SELECT count(*) FROM (${withMints.map((name) => `SELECT mint FROM ${idsView(name)}`).join(' UNION ALL ')}) x ` +
      `ANTI JOIN ${MINT_LOOKUP} m ON m.id = x.mint`,
  );
  return { mints: Number(strays.getRows()[0][0]) > 0 ? ADDRESS_LOOKUP : MINT_LOOKUP };
}

/** `DROP` texts of the lookups `loadDatasetTables` leaves. */
export const DROP_LOOKUPS_SQL: readonly string[] = [
  `DROP TABLE ${MINT_LOOKUP}`,
  `DROP TABLE ${ADDRESS_LOOKUP}`,
];

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
): Promise<void> {
  const spec = DATASET_TABLES[name];
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
  await checkCount(connection, path, `"${name}"`, rows);
}

/** The manifest's row count must be what `relation` (a table or a file's view) holds. */
async function checkCount(
  connection: DuckDBConnection,
  path: string,
  relation: string,
  rows: number,
): Promise<void> {
  const loaded = await connection.runAndReadAll(`SELECT count(*) FROM ${relation}`);
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
