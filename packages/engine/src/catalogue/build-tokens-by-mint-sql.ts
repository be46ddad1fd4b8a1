import type { SqlQuery } from '../sql/sql-query.js';

/** The token rows of `mints` (one parameter each, so the `tokens.mint` index serves them). */
export function buildTokensByMintSql(mints: readonly string[]): SqlQuery {
  const names = mints.map((_, i) => `$m${i}`);
  return {
    sql: `SELECT * FROM tokens WHERE mint IN (${names.length > 0 ? names.join(', ') : 'NULL'})`,
    params: Object.fromEntries(mints.map((m, i) => [`m${i}`, m])),
  };
}
