import type { Queryable } from './queryable.js';

interface Held {
  rows: readonly object[];
  loading: Promise<readonly object[]> | null;
}

const held = new WeakMap<Queryable, Map<string, Held>>();

async function load(db: Queryable, state: Held, sql: string, count: number): Promise<readonly object[]> {
  const added = await db.all<object>(sql, { from: state.rows.length });
  let rows = [...state.rows, ...added];
  if (rows.length !== count) rows = await db.all<object>(sql, { from: 0 });
  state.rows = rows;
  return rows;
}

/**
 * The rows `select` (a select list, SQL text) gives for every row of `table`, read once per store
 * and topped up with the rows appended since: one `count(*)` per call checks. For tables that are
 * only ever appended to (rows keep their `rowid`); a count that does not add up reads all again.
 */
export async function appendOnlyRowsOf<T extends object>(
  db: Queryable,
  table: string,
  select: string,
  /** The table's row count when the caller has just read it (saves the `count(*)`). */
  rowCount?: number,
): Promise<readonly T[]> {
  const sql = `SELECT ${select} FROM ${table} WHERE rowid >= $from ORDER BY rowid`;
  let byQuery = held.get(db);
  if (byQuery === undefined) {
    byQuery = new Map();
    held.set(db, byQuery);
  }
  let state = byQuery.get(sql);
  if (state === undefined) {
    state = { rows: [], loading: null };
    byQuery.set(sql, state);
  }
  const n = rowCount ?? (await db.all<{ n: number }>(`SELECT count(*)::BIGINT AS n FROM ${table}`))[0].n;
  if (n === state.rows.length) return state.rows as readonly T[];
  const s = state;
  s.loading ??= load(db, s, sql, n).finally(() => {
    s.loading = null;
  });
  return (await s.loading) as readonly T[];
}
