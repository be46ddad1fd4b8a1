import { mintParams } from '../sql/mint-params.js';
import type { SqlQuery } from '../sql/sql-query.js';

export interface SharedWalletRow {
  wallet: string;
  in_tokens: number;
  mints: string[];
  holder: boolean;
  insider: boolean;
  early: boolean;
  sniper: boolean;
}

/**
 * Wallets that traded at least two of `mints` (already checked to be visible), most tokens first.
 * One parameter per mint (`mintParams`) so the scan can prune by `mint`.
 */
export function buildCompareSql(mints: readonly string[]): SqlQuery {
  const { list, params } = mintParams(mints);
  const sql = `SELECT wallet, count(DISTINCT mint)::BIGINT AS in_tokens, list(DISTINCT mint ORDER BY mint) AS mints,
  bool_or(rank IS NOT NULL) AS holder, bool_or(is_insider) AS insider, bool_or(is_early) AS early, bool_or(is_sniper) AS sniper
FROM holders
WHERE mint IN (${list})
GROUP BY wallet
HAVING count(DISTINCT mint) >= 2
ORDER BY in_tokens DESC, wallet`;
  return { sql, params };
}
