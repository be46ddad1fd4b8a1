import type { TableSpec } from './dataset-tables.js';
import type { SqlColumn, SqlType } from './sql-columns.js';

/** A column as it is stored in a table's Parquet file. */
export interface StoredColumn {
  readonly name: string;
  readonly type: SqlType | 'INTEGER';
  readonly nullable: boolean;
}

/** The columns of a table's Parquet file: its SQL columns, address columns as INTEGER ids. */
export function storedColumnsOf(spec: TableSpec): readonly StoredColumn[] {
  const ids = new Set(spec.addressColumns);
  return spec.columns.map((c: SqlColumn) => (ids.has(c.name) ? { ...c, type: 'INTEGER' as const } : c));
}
