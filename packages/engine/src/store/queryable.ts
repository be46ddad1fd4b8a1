/** A value bound to a `$name` parameter of a query. Timestamps are passed as epoch ms numbers. */
export type SqlParam = string | number | boolean | null | readonly string[] | readonly number[];

/**
 * What analytics code needs from the store: run SQL text with named parameters and get plain row
 * objects back (BIGINT as number, TIMESTAMP as epoch ms, DOUBLE as number). Implemented over a
 * DuckDB connection pool with exclusive checkout, so overlapping calls never share a statement.
 */
export interface Queryable {
  all<T extends object>(sql: string, params?: Readonly<Record<string, SqlParam>>): Promise<T[]>;
}
