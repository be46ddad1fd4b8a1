import type { TableSpec } from '../tables/dataset-tables.js';
import { ADDRESS_LOOKUP } from './load-addresses-sql.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `CREATE TABLE … AS` text loading a table's Parquet file into memory, columns in schema order.
 * Address columns (INTEGER ids in the file) are joined back to their strings in `lookup(column)`
 * (default `ADDRESS_LOOKUP`), and the rows are put back in file order: a hash join does not keep
 * it (measured: most holders rows moved) and queries without `ORDER BY` see table order.
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
    'ORDER BY t.file_row_number',
  ].join(' ');
}
