import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import { buildKolStatsSql, type KolStatsQuery, type KolStatsRow } from './build-kol-stats-sql.js';
import { computeKolStats } from './compute-kol-stats.js';
import type { KolLeaderboard } from './kol-leaderboard.js';
import { kolLedgerOf } from './kol-ledger-of.js';
import { kolStatsOf } from './kol-stats-of.js';
import { KOL_TOTALS_THROUGH_SQL } from './kol-totals-cte.js';
import { KOL_TOTALS_TABLE } from './kol-totals-index-sql.js';
import type { KolsRequest } from './kols-request.js';

/**
 * `buildKolStatsSql`'s rows and the number of tracked KOLs. A served store reads its KOL summaries
 * when `asOf` is at or after their last trade or settlement (the live case), and every trade
 * otherwise; nothing is kept in memory. A memory store computes them over its KOL ledger, held
 * in memory (≈ 26k trades: the SQL's string-keyed aggregation took ≈ 12–25 ms).
 */
async function kolStatsRows(
  db: Queryable,
  query: KolStatsQuery,
  asOf: number,
): Promise<[KolStatsRow[], number]> {
  if (!(await servedLayoutOf(db)).baseTables.has(KOL_TOTALS_TABLE)) {
    const ledger = await kolLedgerOf(db);
    return [computeKolStats(ledger, query, asOf), ledger.kols.length];
  }
  const [{ through, appended, kols }] = await db.all<{
    through: number | null;
    appended: boolean;
    kols: number;
  }>(KOL_TOTALS_THROUGH_SQL);
  const whole = through === null || asOf >= through;
  const totals = !whole ? undefined : appended ? 'corrected' : 'base';
  const q = buildKolStatsSql({ ...query, totals }, asOf);
  return [await db.all<KolStatsRow>(q.sql, q.params), kols];
}

/** The KOL leaderboard as of `asOf` (epoch ms). */
export async function rankKols(db: Queryable, request: KolsRequest, asOf: number): Promise<KolLeaderboard> {
  const [rows, n] = await kolStatsRows(
    db,
    { days: request.days, sort: request.sort, limit: request.limit },
    asOf,
  );
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
