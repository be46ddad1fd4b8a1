import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import { buildKolStatsSql, type KolStatsRow } from './build-kol-stats-sql.js';
import type { KolLeaderboard } from './kol-leaderboard.js';
import { kolStatsOf } from './kol-stats-of.js';
import type { KolsRequest } from './kols-request.js';

export const KOL_COUNT_SQL = 'SELECT count(*)::BIGINT AS n FROM kols';

/** The KOL leaderboard as of `asOf` (epoch ms). */
export async function rankKols(db: Queryable, request: KolsRequest, asOf: number): Promise<KolLeaderboard> {
  const q = buildKolStatsSql({ days: request.days, sort: request.sort, limit: request.limit }, asOf);
  const [rows, [{ n }]] = await Promise.all([
    db.all<KolStatsRow>(q.sql, q.params),
    db.all<{ n: number }>(KOL_COUNT_SQL),
  ]);
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
