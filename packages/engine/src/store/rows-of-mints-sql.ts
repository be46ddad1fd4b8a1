/**
 * `(SELECT columns FROM table WHERE mint IN (mints))`: the rows of `table` for the mints the
 * subquery `mints` gives (those of the rows appended for one wallet, say). Joined to the whole
 * table instead, DuckDB built its hash table over every row of it (240k launches: 240k outcomes
 * read on every call, with nothing appended); the `IN` is a semi join built on the few mints, and
 * with none the table's scan ends after its first vector.
 */
export function rowsOfMintsSql(table: string, columns: string, mints: string): string {
  return `(SELECT ${columns} FROM ${table} WHERE mint IN (${mints}))`;
}
