import type { Queryable } from '../store/queryable.js';
import type { CatalogueEntry } from './catalogue-entry.js';

export const CATALOGUE_COUNT_SQL = 'SELECT count(*)::BIGINT AS n FROM tokens';
/** Tokens are only ever appended, so rows from `$from` on are the ones not held yet. */
export const CATALOGUE_ROWS_SQL = `SELECT mint, lower(symbol) AS symbol_lower, lower(name) AS name_lower,
  analyzed_at, platform, mcap_at_analysis_usd
FROM tokens WHERE rowid >= $from ORDER BY rowid`;

interface Held {
  entries: readonly CatalogueEntry[];
  loading: Promise<readonly CatalogueEntry[]> | null;
}

const held = new WeakMap<Queryable, Held>();

async function load(db: Queryable, state: Held, count: number): Promise<readonly CatalogueEntry[]> {
  const from = state.entries.length;
  const added = await db.all<CatalogueEntry>(CATALOGUE_ROWS_SQL, { from });
  let entries = [...state.entries, ...added];
  if (entries.length !== count) entries = await db.all<CatalogueEntry>(CATALOGUE_ROWS_SQL, { from: 0 });
  state.entries = entries;
  return entries;
}

/**
 * The search entries of every token in the store, read once per store and topped up with the
 * tokens appended since (one `count(*)` per call checks): a fragment search over them in memory
 * takes well under a millisecond where DuckDB's `contains(lower(…))` scan took ≈ 3.5 ms on 24k.
 */
export async function catalogueEntriesOf(db: Queryable): Promise<readonly CatalogueEntry[]> {
  let state = held.get(db);
  if (state === undefined) {
    state = { entries: [], loading: null };
    held.set(db, state);
  }
  const [{ n }] = await db.all<{ n: number }>(CATALOGUE_COUNT_SQL);
  if (n === state.entries.length) return state.entries;
  const s = state;
  s.loading ??= load(db, s, n).finally(() => {
    s.loading = null;
  });
  return s.loading;
}
