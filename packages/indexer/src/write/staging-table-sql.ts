import type { TableSpec } from '@launchlens/engine/internal';
import { stagingKind } from './staging-kind.js';

/** Name of the staging column holding each row's sequence number. */
export const SEQ_COLUMN = '__seq';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE TABLE` text of a table's staging table (see `stagingKind`), then the sequence column. */
export function stagingTableSql(spec: TableSpec, table: string): string {
  const columns = spec.columns.map((c) => `${quote(c.name)} ${stagingKind(c)}`);
  return `CREATE TABLE ${quote(table)} (${[...columns, `${quote(SEQ_COLUMN)} DOUBLE`].join(', ')})`;
}
