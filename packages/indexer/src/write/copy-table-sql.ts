import type { TableSpec } from '@launchlens/engine/internal';
import { ADDRESS_IDS_TABLE } from './address-ids-sql.js';
import { SEQ_COLUMN } from './staging-table-sql.js';
import { DICTIONARY_TABLE } from './string-dictionary.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The name `copyTableSql` gives the dictionary rows a table uses. */
const STRINGS = 'used_strings';

/**
 * `COPY` text writing a staging table to Parquet with the dataset's stored column types: address
 * columns become address ids (`ADDRESS_IDS_TABLE`), other strings are joined back to the
 * dictionary, numbers cast to BIGINT/TIMESTAMP. Rows are sorted by the table's `sortBy` (address
 * ids sort like their addresses) and then by arrival order, so the same rows give the same bytes.
 * Other strings are looked up in `STRINGS`, the dictionary rows this table uses: the dictionary
 * holds every string of the dataset (millions at scale), and a join against all of it would build
 * its hash table over all of it; the filter streams. (The 240k write, which had run out of memory,
 * completed with this, the address strings dropped first and a 1536 MB pool: which of the three it
 * needed was not isolated.)
 */
export function copyTableSql(spec: TableSpec, table: string, file: string): string {
  const joins: string[] = [];
  const value = new Map<string, string>();
  for (const c of spec.columns) {
    const staged = `t.${quote(c.name)}`;
    if (spec.addressColumns.includes(c.name)) {
      const alias = `a${joins.length}`;
      joins.push(`LEFT JOIN ${ADDRESS_IDS_TABLE} ${alias} ON ${alias}.dict_id = ${staged}`);
      value.set(c.name, `${alias}.id`);
    } else if (c.type === 'VARCHAR') {
      const alias = `d${joins.length}`;
      joins.push(`LEFT JOIN ${STRINGS} ${alias} ON ${alias}.id = ${staged}`);
      value.set(c.name, `${alias}.s`);
    } else if (c.type === 'BIGINT') {
      value.set(c.name, `CAST(${staged} AS BIGINT)`);
    } else if (c.type === 'TIMESTAMP') {
      value.set(c.name, `epoch_ms(CAST(${staged} AS BIGINT))`);
    } else {
      value.set(c.name, staged);
    }
  }
  const select = spec.columns.map((c) => `${value.get(c.name)} AS ${quote(c.name)}`);
  const order = [...spec.sortBy.map((name) => value.get(name)), `t.${quote(SEQ_COLUMN)}`];
  const strings = spec.columns
    .filter((c) => c.type === 'VARCHAR' && !spec.addressColumns.includes(c.name))
    .map((c) => `SELECT ${quote(c.name)} FROM ${quote(table)}`);
  const used =
    strings.length === 0
      ? []
      : [
          `WITH ${STRINGS} AS (SELECT id, s FROM ${DICTIONARY_TABLE}`,
          `WHERE id IN (${strings.join(' UNION ALL ')}))`,
        ];
  return [
    'COPY (',
    ...used,
    `SELECT ${select.join(', ')}`,
    `FROM ${quote(table)} t`,
    ...joins,
    `ORDER BY ${order.join(', ')})`,
    `TO ${literal(file)} (FORMAT parquet, COMPRESSION zstd)`,
  ].join(' ');
}
