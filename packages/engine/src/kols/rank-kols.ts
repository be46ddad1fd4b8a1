import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import { computeKolStats } from './compute-kol-stats.js';
import type { KolLeaderboard } from './kol-leaderboard.js';
import { kolLedgerOf } from './kol-ledger-of.js';
import { kolStatsOf } from './kol-stats-of.js';
import type { KolsRequest } from './kols-request.js';

/**
 * The KOL leaderboard as of `asOf` (epoch ms): `buildKolStatsSql`'s rows, computed in memory over
 * the store's KOL ledger (≈ 26k trades: the SQL's string-keyed aggregation took ≈ 12–25 ms).
 */
export async function rankKols(db: Queryable, request: KolsRequest, asOf: number): Promise<KolLeaderboard> {
  const ledger = await kolLedgerOf(db);
  const rows = computeKolStats(
    ledger,
    { days: request.days, sort: request.sort, limit: request.limit },
    asOf,
  );
  const n = ledger.kols.length;
  const kols = rows.map((r) => kolStatsOf(r, request.days));
  const top = kols[0];
  const says =
    top === undefined
      ? 'No KOL is tracked.'
      : request.sort === 'success'
        ? `${top.name} leads ${n} tracked KOLs by win rate: ${top.lifetime.tokens_won} of ${top.lifetime.tokens_settled} settled tokens won (${pctText(top.lifetime.win_rate === null ? null : 100 * top.lifetime.win_rate)}).`
        : request.sort === 'activity'
          ? `${top.name} was the most active of ${n} tracked KOLs over the last ${request.days} days with ${top.recent.trades} trades on ${top.recent.tokens} tokens.`
          : `${top.name} leads ${n} tracked KOLs over the last ${request.days} days with ${solText(top.recent.realized_sol)} realized on ${top.recent.tokens} tokens.`;
  return {
    count: kols.length,
    total: n,
    filters: { days: request.days, sort: request.sort, limit: request.limit },
    kols,
    says,
  };
}
