import { DATASET_TABLES, type TableName } from '@launchlens/engine/internal';
import type { LoggedEvent } from './event-log.js';
import type { AppendedRows, RowsPayload } from './rows-events-of.js';

/** The rows a rows event (`rowsEventsOf`) carries, as row objects, table segments in append order. */
export function appendedRowsOf(event: LoggedEvent): AppendedRows[] {
  const { tables } = event.payload as Partial<RowsPayload>;
  if (tables === undefined) throw new Error(`rows event ${event.id} has no tables`);
  return tables.map(({ table, columns, rows }) => {
    if (!Object.hasOwn(DATASET_TABLES, table)) {
      throw new Error(`rows event ${event.id} names no dataset table: ${String(table)}`);
    }
    return {
      table: table as TableName,
      rows: rows.map((values) => Object.fromEntries(columns.map((c, i) => [c, values[i]]))),
    };
  });
}
