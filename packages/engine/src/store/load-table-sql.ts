import type { TableSpec } from '../tables/dataset-tables.js';
import { ADDRESS_LOOKUP } from './load-addresses-sql.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Tables the serving store keeps in settlement order rather than file order (mint): a cohort reads
 * the outcomes settled in a window of days, and with the rows in mint order every row group held
 * some of them, so the scan read every outcome of the history (240k launches: 10× the rows of 24k
 * for the same window); in `settled_at` order the zone maps skip all but the window's row groups.
 */
export const SETTLEMENT_ORDERED_TABLES: ReadonlySet<string> = new Set(['outcomes']);

/**
 * `CREATE TABLE … AS` text loading a table's Parquet file, columns in schema order. Address
 * columns (INTEGER ids in the file) are joined back to their strings in `lookup(column)` (default
 * `ADDRESS_LOOKUP`), and the rows are put back in file order (or in `settled_at` order, then file
 * order, for `SETTLEMENT_ORDERED_TABLES`): a hash join does not keep it (measured: most holders
 * rows moved) and queries without `ORDER BY` see table order. (A serving build writes `holders`
 * and `positions` from the ids instead: `SERVED_FROM_IDS`.)
 */
export function loadTableSql(
  spec: TableSpec,
  file: string,
  lookup: (column: string) => string = () => ADDRESS_LOOKUP,
): string {
  if (spec.addressColumns.length === 0) {
    const columns = spec.columns.map((c) => quote(c.name)).join(', ');
    return `CREATE TABLE ${quote(spec.name)} AS SELECT ${columns} FROM read_parquet(${literal(file)})`;
  }
  const joins: string[] = [];
  const servedOrder = SETTLEMENT_ORDERED_TABLES.has(spec.name) ? 't."settled_at", ' : '';
  const columns = spec.columns.map((c) => {
    if (!spec.addressColumns.includes(c.name)) return `t.${quote(c.name)}`;
    const alias = `a${joins.length}`;
    joins.push(`LEFT JOIN ${lookup(c.name)} ${alias} ON ${alias}.id = t.${quote(c.name)}`);
    return `${alias}.address AS ${quote(c.name)}`;
  });
  return [
    `CREATE TABLE ${quote(spec.name)} AS SELECT ${columns.join(', ')}`,
    `FROM read_parquet(${literal(file)}, file_row_number = true) t`,
    ...joins,
    `ORDER BY ${servedOrder}t.file_row_number`,
  ].join(' ');
}
