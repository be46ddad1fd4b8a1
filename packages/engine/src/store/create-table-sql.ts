import type { TableSpec } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE TABLE` text for an empty dataset table with the spec's columns and types. */
export function createTableSql(spec: TableSpec): string {
  return `CREATE TABLE ${quote(spec.name)} (${spec.columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ')})`;
}
