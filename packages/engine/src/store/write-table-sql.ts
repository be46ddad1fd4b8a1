import type { TableSpec } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Columns `WriteTableSource.sql` adds to a table's own: which part a row is in, and its place in it. */
export const SOURCE_PART = '__part';
export const SOURCE_ROW = '__row';

export interface WriteTableSqlOptions {
  /**
   * A query giving the table's columns by name plus `SOURCE_PART` and `SOURCE_ROW` (the served base
   * as part 0 and its delta as part 1, each with its `rowid`).
   */
  readonly source: string;
  /** The table mapping each address to its id (`address`, `id`). */
  readonly lookup: string;
  readonly file: string;
  /** Order rows by the table's `sortBy` (as the indexer's writer does) before their source order. */
  readonly sorted: boolean;
}

/**
 * `COPY` text writing one table's rows to a dataset Parquet file: address columns as ids into
 * `lookup`, other columns as stored, zstd. Rows are ordered by `sortBy` when `sorted` (address
 * ids sort like their addresses), then by part and row, so the same rows give the same bytes.
 */
export function writeTableSql(spec: TableSpec, options: WriteTableSqlOptions): string {
  const joins: string[] = [];
  const value = new Map<string, string>();
  for (const c of spec.columns) {
    if (!spec.addressColumns.includes(c.name)) {
      value.set(c.name, `t.${quote(c.name)}`);
      continue;
    }
    const alias = `a${joins.length}`;
    joins.push(`LEFT JOIN ${quote(options.lookup)} ${alias} ON ${alias}.address = t.${quote(c.name)}`);
    value.set(c.name, `${alias}.id`);
  }
  const select = spec.columns.map((c) => `${value.get(c.name)} AS ${quote(c.name)}`);
  const order = [
    ...(options.sorted ? spec.sortBy.map((name) => value.get(name)!) : []),
    `t.${SOURCE_PART}`,
    `t.${SOURCE_ROW}`,
  ];
  return [
    `COPY (SELECT ${select.join(', ')}`,
    `FROM (${options.source}) t`,
    ...joins,
    `ORDER BY ${order.join(', ')})`,
    `TO ${literal(options.file)} (FORMAT parquet, COMPRESSION zstd)`,
  ].join(' ');
}
