import { timestampParam } from '../catalogue/time-param.js';
import type { SqlQuery } from '../sql/sql-query.js';

/** A launch tied to the token through shared wallets or the same creator. */
export interface TiedLaunchRow {
  mint: string;
  symbol: string | null;
  analyzed_at: number;
  same_creator: boolean;
  shared_wallets: number;
  /** Shared wallets that were insiders (creator, bundle, creator-funded) in either launch. */
  shared_insiders: number;
  /** Outcome fields, null unless the outcome settled at or before `until`. */
  rugged: boolean | null;
  reached_2x: boolean | null;
  reached_5x: boolean | null;
  peak_gain_pct: number | null;
  /** The settled outcome's peak, else the path summary's when its last tick is at or before `until`. */
  peak_mcap_usd: number | null;
}

/**
 * Launches analysed at or before `until` (epoch ms) tied to `mint`: the same creator, or at least
 * one shared wallet that was an insider in either launch. Wallets shared only as snipers or
 * ordinary traders do not tie launches: bot fleets and busy traders appear in most launches.
 */
export function buildTiedLaunchesSql(mint: string, creator: string, until: number): SqlQuery {
  const u = timestampParam('until');
  const sql = `WITH me AS (SELECT wallet, is_insider FROM holders WHERE mint = $mint),
shared AS (
  SELECT h.mint, count(*) AS shared_wallets, count(*) FILTER (WHERE h.is_insider OR me.is_insider) AS shared_insiders
  FROM holders h JOIN me ON me.wallet = h.wallet
  WHERE h.mint <> $mint
  GROUP BY h.mint
)
SELECT t.mint, t.symbol, t.analyzed_at, t.creator = $creator AS same_creator,
  coalesce(s.shared_wallets, 0)::BIGINT AS shared_wallets,
  coalesce(s.shared_insiders, 0)::BIGINT AS shared_insiders,
  o.rugged, o.reached_2x, o.reached_5x, o.peak_gain_pct,
  coalesce(o.peak_mcap_usd, CASE WHEN p.last_tick_at IS NULL OR p.last_tick_at <= ${u} THEN p.mcap_peak_usd END) AS peak_mcap_usd
FROM tokens t
LEFT JOIN shared s ON s.mint = t.mint
LEFT JOIN outcomes o ON o.mint = t.mint AND o.settled_at <= ${u}
LEFT JOIN paths p ON p.mint = t.mint
WHERE t.analyzed_at <= ${u} AND t.mint <> $mint AND (s.shared_insiders > 0 OR t.creator = $creator)
ORDER BY same_creator DESC, shared_insiders DESC, shared_wallets DESC, t.analyzed_at DESC, t.mint`;
  return { sql, params: { mint, creator, until } };
}
