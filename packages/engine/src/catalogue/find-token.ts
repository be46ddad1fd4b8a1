import type { Queryable } from '../store/queryable.js';
import type { TokenRow } from '../tables/token-row.js';
import { timestampParam } from './time-param.js';

/** A token is visible as of T once it was analysed at or before T (DESIGN §3, point in time). */
export const FIND_TOKEN_SQL = `SELECT * FROM tokens WHERE mint = $mint AND analyzed_at <= ${timestampParam('as_of')}`;

/** The token row of `mint` as of `asOf` (epoch ms), or null when not analysed by then. */
export async function findToken(db: Queryable, mint: string, asOf: number): Promise<TokenRow | null> {
  const rows = await db.all<TokenRow>(FIND_TOKEN_SQL, { mint, as_of: asOf });
  return rows[0] ?? null;
}
