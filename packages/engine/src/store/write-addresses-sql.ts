import type { TableSpec } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `CREATE TABLE` text of `lookup` (`id`, `address`): every address in the address columns of
 * `tables` (read by their names in the `main` schema) once, numbered 0, 1, 2, … in address order.
 */
export function addressLookupSql(lookup: string, tables: readonly TableSpec[]): string {
  const used = tables.flatMap((spec) =>
    spec.addressColumns.map((c) => `SELECT ${quote(c)} AS address FROM main.${quote(spec.name)}`),
  );
  return (
    `CREATE TABLE ${quote(lookup)} AS SELECT (row_number() OVER (ORDER BY address) - 1)::INTEGER AS id, address ` +
    `FROM (${used.join(' UNION ')}) WHERE address IS NOT NULL`
  );
}

/** `COPY` text writing `lookup` as `addresses.parquet`: format v2, whose delta encoding stores the dense ids for free. */
export function writeAddressesSql(lookup: string, file: string): string {
  return (
    `COPY (SELECT id, address FROM ${quote(lookup)} ORDER BY id) TO ${literal(file)} ` +
    '(FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION v2)'
  );
}
