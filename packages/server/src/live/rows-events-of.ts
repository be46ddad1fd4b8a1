import { DATASET_TABLES, type TableName } from '@launchlens/engine/internal';
import type { NewEvent, RowsStream } from './event-log.js';

/** Rows one flush appended to one table, in the order it appended them. */
export interface AppendedRows {
  readonly table: TableName;
  readonly rows: readonly object[];
}

/** A part of a flush's rows: table segments in append order, each as column names and value arrays. */
export interface RowsPayload {
  /** The moment the flush covers (epoch ms): the event's `at` too. */
  readonly through: number;
  readonly tables: readonly {
    readonly table: TableName;
    readonly columns: readonly string[];
    readonly rows: readonly (readonly unknown[])[];
  }[];
}

/**
 * Most JSON text of one rows event's rows. The PostgreSQL log hands listeners pages of 500 events,
 * so a page of full parts stays near 32 MB; a flush of one launch (≈ 120 holders and positions
 * rows, its ticks) is one part.
 */
export const ROWS_EVENT_BYTES = 64 * 1024;

/**
 * A flush's rows as events of a rows stream, in the order the writer appended them: one event
 * per `maxBytes` of rows, keyed by `through` and part, so publishing a flush again is a no-op.
 * Column names are written once per table segment, values in the table's column order.
 */
export function rowsEventsOf(
  through: number,
  stream: RowsStream,
  appended: readonly AppendedRows[],
  maxBytes: number = ROWS_EVENT_BYTES,
): NewEvent[] {
  const parts: RowsPayload['tables'][number][][] = [[]];
  let bytes = 0;
  for (const { table, rows } of appended) {
    const columns = DATASET_TABLES[table].columns.map((c) => c.name);
    let segment: unknown[][] | null = null;
    for (const row of rows) {
      const record = row as Record<string, unknown>;
      const values = columns.map((c) => record[c] ?? null);
      const size = JSON.stringify(values).length + 1;
      if (bytes > 0 && bytes + size > maxBytes) {
        parts.push([]);
        bytes = 0;
        segment = null;
      }
      if (segment === null) {
        segment = [];
        parts.at(-1)!.push({ table, columns, rows: segment });
      }
      segment.push(values);
      bytes += size;
    }
  }
  if (parts[0].length === 0) return [];
  const stamp = String(through).padStart(15, '0');
  return parts.map((tables, i) => ({
    stream,
    key: `${stamp}.${i}`,
    at: through,
    payload: { through, tables } satisfies RowsPayload,
  }));
}
