import { DATASET_TABLES, type TableName } from '../tables/dataset-tables.js';

/** SQL reading the epoch-ms parameter `$name` as a TIMESTAMP. */
export function timestampParam(name: string): string {
  return `epoch_ms(CAST($${name} AS BIGINT))`;
}

/**
 * SQL for the epoch-ms parameter `$name` compared with `table.column`, typed like that column as
 * derived from the row schema (TIMESTAMP or a plain number), so the text follows the schema.
 */
export function timeParam(table: TableName, column: string, name: string): string {
  const col = DATASET_TABLES[table].columns.find((c) => c.name === column);
  if (col === undefined) throw new RangeError(`${table}.${column} is not a column`);
  return col.type === 'TIMESTAMP' ? timestampParam(name) : `CAST($${name} AS ${col.type})`;
}
