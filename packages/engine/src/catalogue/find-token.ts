import type { Queryable } from '../store/queryable.js';
import { TOKEN_JSON_TABLE } from '../store/token-json-sql.js';
import type { TokenRow } from '../tables/token-row.js';

/**
 * The token's row as one JSON text from the store's lookup copy of `tokens`: one column read
 * through its mint index instead of 45 (the plain row `all()` would return; see `tokenJsonSql`).
 */
export const FIND_TOKEN_SQL = `SELECT row FROM ${TOKEN_JSON_TABLE} WHERE mint = $mint`;

/**
 * The token row of `mint` as of `asOf` (epoch ms), or null when not analysed by then: a token is
 * visible as of T once it was analysed at or before T (DESIGN §3, point in time).
 */
export async function findToken(db: Queryable, mint: string, asOf: number): Promise<TokenRow | null> {
  const [found] = await db.all<{ row: string }>(FIND_TOKEN_SQL, { mint });
  if (found === undefined) return null;
  const token = JSON.parse(found.row) as TokenRow;
  return token.analyzed_at <= asOf ? token : null;
}
