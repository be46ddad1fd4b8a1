import { type DuckDBResult, DuckDBTypeId, type DuckDBVector } from '@duckdb/node-api';
import { type PlainValue, toPlainValue } from './plain-value.js';

export type PlainRow = Record<string, PlainValue>;

/** Types whose DuckDB value is already the plain value (`toPlainValue` returns it unchanged). */
const AS_IS: ReadonlySet<DuckDBTypeId> = new Set([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.VARCHAR,
  DuckDBTypeId.ENUM,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
]);

/**
 * Every row of `result` as a plain object keyed by the (deduplicated) column names, each value as
 * `toPlainValue` makes it: the same rows as the reader's `convertRowObjects(toPlainValue)`, which
 * visits a row's cells one by one through the converter's switch. This fills a chunk a column at a
 * time instead, the conversion chosen once per column (the common scalar types read as they are,
 * BIGINT as a number, the rest through `toPlainValue`): at 80 k rows of 45 columns (the
 * scorecard's risk frame at 240k launches) 1.3–1.6 s became 0.6–1.0 s (bench/RESULTS.md).
 */
export async function rowObjectsOf(result: DuckDBResult): Promise<PlainRow[]> {
  const names = result.deduplicatedColumnNames();
  const rows: PlainRow[] = [];
  // A result ends with an empty chunk (or none).
  for (let chunk = await result.fetchChunk(); chunk !== null; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    if (n === 0) break;
    const first = rows.length;
    for (let i = 0; i < n; i++) rows.push({});
    for (let c = 0; c < names.length; c++) {
      fillColumn(rows, first, n, names[c], chunk.getColumnVector(c));
    }
  }
  return rows;
}

function fillColumn(rows: PlainRow[], first: number, n: number, name: string, vector: DuckDBVector): void {
  const type = vector.type;
  if (AS_IS.has(type.typeId)) {
    for (let i = 0; i < n; i++) rows[first + i][name] = vector.getItem(i) as PlainValue;
  } else if (type.typeId === DuckDBTypeId.BIGINT) {
    for (let i = 0; i < n; i++) {
      const v = vector.getItem(i) as bigint | null;
      rows[first + i][name] = v === null ? null : Number(v);
    }
  } else {
    for (let i = 0; i < n; i++) rows[first + i][name] = toPlainValue(vector.getItem(i), type, toPlainValue);
  }
}
