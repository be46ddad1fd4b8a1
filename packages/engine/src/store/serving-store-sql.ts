const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The serving store's file name inside a dataset folder. */
export const SERVING_FILE = 'serving.duckdb';

/** Bumped whenever the serving store's tables or indexes change: an older file is rebuilt. */
export const SERVING_VERSION = 9;

/** The one-row table that says which dataset (manifest `content_hash`) a serving file was built from. */
export const SERVING_INFO_TABLE = 'serving_info';

/** The catalog the serving file is attached as, read-only. */
export const BASE = 'base';

/** The schema of the in-memory tables that hold rows appended after the base was built. */
export const DELTA = 'delta';

/** `CREATE TABLE` text of the serving info row (`identity` is the identity index's counts as JSON). */
export function servingInfoSql(contentHash: string, identity: string): string {
  return (
    `CREATE TABLE ${SERVING_INFO_TABLE} AS SELECT ${SERVING_VERSION} AS serving_version, ` +
    `${literal(contentHash)} AS content_hash, ${literal(identity)} AS identity`
  );
}

/** `ATTACH` text opening a serving file read-only as `BASE`. */
export function attachServingSql(path: string): string {
  return `ATTACH ${literal(path)} AS ${BASE} (READ_ONLY)`;
}

/**
 * `CREATE VIEW` text making `name` the base table and its delta together, as `columns`: queries
 * name the table as before and see both (the delta is empty until rows are appended). A base table
 * may hold more columns than its delta (`holders` keeps each row's history: `SERVED_FROM_IDS`).
 */
export function unionViewSql(name: string, columns: readonly string[]): string {
  const q = quote(name);
  const list = columns.map(quote).join(', ');
  return `CREATE VIEW main.${q} AS SELECT ${list} FROM ${BASE}.main.${q} UNION ALL SELECT ${list} FROM ${DELTA}.${q}`;
}

/** `CREATE VIEW` text exposing a base-only table (the identity index) under its own name. */
export function baseViewSql(name: string): string {
  const q = quote(name);
  return `CREATE VIEW main.${q} AS SELECT * FROM ${BASE}.main.${q}`;
}
