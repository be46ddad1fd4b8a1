import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

/** One row per wallet of the token: its appearances in other launches visible at `until`. */
export interface WalletHistoryRow {
  wallet: string;
  is_kol: boolean;
  appearances: number;
  insider_in: number;
  sniper_in: number;
  /** Realized SOL over positions in other launches analysed, and last traded, at or before `until` (0 when none). */
  realized_sol: number;
}

/**
 * Per wallet of `mint`: how often it appeared in other launches analysed at or before `until`
 * (epoch ms), as insider and as sniper, and its realized SOL over positions closed by `until`.
 * Only history visible at `until` counts (DESIGN §3, point in time).
 */
export function buildWalletHistorySql(mint: string, until: number): SqlQuery {
  const u = timestampParam('until');
  const sql = `WITH me AS (
  SELECT h.wallet, h.is_kol OR k.wallet IS NOT NULL AS is_kol
  FROM holders h LEFT JOIN kols k ON k.wallet = h.wallet
  WHERE h.mint = $mint
),
prior AS (
  SELECT h.wallet,
    count(*) AS appearances,
    count(*) FILTER (WHERE h.is_insider) AS insider_in,
    count(*) FILTER (WHERE h.is_sniper) AS sniper_in
  FROM holders h JOIN tokens t ON t.mint = h.mint
  WHERE h.wallet IN (SELECT wallet FROM me) AND h.mint <> $mint AND t.analyzed_at <= ${u}
  GROUP BY h.wallet
),
pnl AS (
  SELECT p.wallet, sum(p.realized_sol) AS realized_sol
  FROM positions p JOIN tokens t ON t.mint = p.mint
  WHERE p.wallet IN (SELECT wallet FROM me) AND p.mint <> $mint
    AND t.analyzed_at <= ${u} AND p.last_at <= ${u}
  GROUP BY p.wallet
)
SELECT me.wallet, me.is_kol,
  coalesce(prior.appearances, 0)::BIGINT AS appearances,
  coalesce(prior.insider_in, 0)::BIGINT AS insider_in,
  coalesce(prior.sniper_in, 0)::BIGINT AS sniper_in,
  coalesce(pnl.realized_sol, 0) AS realized_sol
FROM me LEFT JOIN prior ON prior.wallet = me.wallet LEFT JOIN pnl ON pnl.wallet = me.wallet
ORDER BY me.wallet`;
  return { sql, params: { mint, until } };
}
