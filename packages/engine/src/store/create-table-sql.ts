import type { TableSpec } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE TABLE` text for an empty dataset table with the spec's columns and types, in `schema` when given. */
export function createTableSql(spec: TableSpec, schema?: string): string {
  const name = schema === undefined ? quote(spec.name) : `${quote(schema)}.${quote(spec.name)}`;
  return `CREATE TABLE ${name} (${spec.columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ')})`;
}
