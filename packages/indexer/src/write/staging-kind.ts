import type { SqlColumn } from '@launchlens/engine/internal';

/**
 * How a dataset column is staged in DuckDB before the final sorted copy: strings as INTEGER ids
 * into the writer's string dictionary, booleans as BOOLEAN, every number (BIGINT and TIMESTAMP
 * epoch ms included) as DOUBLE, cast back in the copy.
 */
export function stagingKind(column: SqlColumn): 'INTEGER' | 'BOOLEAN' | 'DOUBLE' {
  if (column.type === 'VARCHAR') return 'INTEGER';
  if (column.type === 'BOOLEAN') return 'BOOLEAN';
  return 'DOUBLE';
}
