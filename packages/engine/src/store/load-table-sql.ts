import type { TableSpec } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE TABLE … AS` text loading a table's Parquet file into memory, columns in schema order. */
export function loadTableSql(spec: TableSpec, file: string): string {
  const columns = spec.columns.map((c) => quote(c.name)).join(', ');
  return `CREATE TABLE ${quote(spec.name)} AS SELECT ${columns} FROM read_parquet('${file.replaceAll("'", "''")}')`;
}
