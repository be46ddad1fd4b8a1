import type { DuckDBConnection } from '@duckdb/node-api';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_TABLES, type TableName } from '../tables/dataset-tables.js';
import { type StoredColumn, storedColumnsOf } from '../tables/stored-columns-of.js';
import { DatasetError } from './dataset-error.js';
import { ADDRESS_LOOKUP, loadAddressesSql, MINT_LOOKUP, mintLookupSql } from './load-addresses-sql.js';
import { loadTableSql } from './load-table-sql.js';

/**
 * Loads a dataset's Parquet tables into DuckDB tables of `connection`'s database, address ids
 * joined back to their strings from `addresses` (which is not kept). Each file's columns and
 * address ids are checked first and its row count after; every failure is one `DatasetError`
 * naming the file.
 */
export async function loadDatasetTables(
  connection: DuckDBConnection,
  addresses: { readonly file: string; readonly rows: number },
  tables: ReadonlyMap<TableName, { readonly file: string; readonly rows: number }>,
): Promise<void> {
  await loadAddresses(connection, addresses.file, addresses.rows);
  for (const [name, { file, rows }] of tables) {
    await loadTable(connection, name, file, rows, addresses.rows);
    if (name === 'tokens') await connection.run(mintLookupSql());
  }
  await connection.run(`DROP TABLE ${MINT_LOOKUP}`);
  await connection.run(`DROP TABLE ${ADDRESS_LOOKUP}`);
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
