import type { Queryable } from './queryable.js';
import { servedLayoutOf } from './served-layout.js';
import { BASE, DELTA } from './serving-store-sql.js';

interface Held {
  /** Rows of the served base, read once (empty for a memory store); null before the first read. */
  base: readonly object[] | null;
  /** Rows appended since, in append order. */
  appended: readonly object[];
  /** `base` then `appended`. */
  rows: readonly object[];
  loading: Promise<readonly object[]> | null;
}

const held = new WeakMap<Queryable, Map<string, Held>>();

async function load(
  db: Queryable,
  state: Held,
  table: string,
  select: string,
  count: number,
): Promise<readonly object[]> {
  const { served } = await servedLayoutOf(db);
  state.base ??= served ? await db.all<object>(`SELECT ${select} FROM ${BASE}.main.${table}`) : [];
  const base = state.base;
  // Appended rows keep their `rowid`s in append order: in the delta beside a served base, else in the table.
  const appendedTo = served ? `${DELTA}.${table}` : table;
  const since = `SELECT ${select} FROM ${appendedTo} WHERE rowid >= $from ORDER BY rowid`;
  let appended = [...state.appended, ...(await db.all<object>(since, { from: state.appended.length }))];
  if (base.length + appended.length !== count) appended = await db.all<object>(since, { from: 0 });
  state.appended = appended;
  state.rows = [...base, ...appended];
  return state.rows;
}

/**
 * The rows `select` (a select list, SQL text) gives for every row of `table`, read once per store
 * and topped up with the rows appended since: one `count(*)` per call checks. For tables that are
 * only ever appended to (appended rows keep their `rowid`; a served base never changes); a count
 * that does not add up reads the appended rows again.
 */
export async function appendOnlyRowsOf<T extends object>(
  db: Queryable,
  table: string,
  select: string,
  /** The table's row count when the caller has just read it (saves the `count(*)`). */
  rowCount?: number,
): Promise<readonly T[]> {
  let byQuery = held.get(db);
  if (byQuery === undefined) {
    byQuery = new Map();
    held.set(db, byQuery);
  }
  const key = `${table}\n${select}`;
  let state = byQuery.get(key);
  if (state === undefined) {
    state = { base: null, appended: [], rows: [], loading: null };
    byQuery.set(key, state);
  }
  const n = rowCount ?? (await db.all<{ n: number }>(`SELECT count(*)::BIGINT AS n FROM ${table}`))[0].n;
  if (state.base !== null && n === state.rows.length) return state.rows as readonly T[];
  const s = state;
  s.loading ??= load(db, s, table, select, n).finally(() => {
    s.loading = null;
  });
  return (await s.loading) as readonly T[];
}
