import type { Queryable } from './queryable.js';
import { BASE } from './serving-store-sql.js';

/** Where a store keeps its rows: a served base (read-only, with derived tables) and appended rows, or one schema. */
export interface ServedLayout {
  /** True when a serving file is attached as the base. */
  readonly served: boolean;
  /** Tables of the served base (empty for a memory store). */
  readonly baseTables: ReadonlySet<string>;
}

const layouts = new WeakMap<Queryable, Promise<ServedLayout>>();

/** The store's layout, asked once per store (the attached base never changes while it is open). */
export function servedLayoutOf(db: Queryable): Promise<ServedLayout> {
  let layout = layouts.get(db);
  if (layout === undefined) {
    layout = db
      .all<{ name: string }>(
        `SELECT table_name AS name FROM duckdb_tables() WHERE database_name = '${BASE}' AND schema_name = 'main'`,
      )
      .then((rows) => ({ served: rows.length > 0, baseTables: new Set(rows.map((r) => r.name)) }));
    layouts.set(db, layout);
  }
  return layout;
}
