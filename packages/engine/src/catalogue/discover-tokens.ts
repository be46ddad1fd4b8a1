import { countText } from '../says/count-text.js';
import { pctText } from '../says/pct-text.js';
import type { Queryable } from '../store/queryable.js';
import type { TokenRow } from '../tables/token-row.js';
import { buildDiscoverSql } from './build-discover-sql.js';
import { discoverRowOf } from './catalogue-row-of.js';
import type { DiscoverRequest } from './discover-request.js';
import type { DiscoverResult } from './discover-result.js';
import type { TokenVerdict, VerdictOf } from './token-verdict.js';

/**
 * Recently analysed tokens as of `asOf` (epoch ms) with a verdict each. `max_rug_pct` keeps tokens
 * whose measured rug probability is at or under it, before the page is cut; unscoreable tokens
 * (no verdict, verdict `unknown` or no probability) are then excluded.
 */
export async function discoverTokens(
  db: Queryable,
  request: DiscoverRequest,
  asOf: number,
  verdictOf: VerdictOf,
): Promise<DiscoverResult> {
  const q = buildDiscoverSql(request, asOf);
  const max = request.max_rug_pct;
  const raw = await db.all<TokenRow & { total: number }>(q.sql, q.params);
  const rows = raw.map(({ total: _total, ...t }) => t as TokenRow);
  let page: readonly TokenRow[];
  let verdicts: readonly (TokenVerdict | null)[];
  let matched: number;
  if (max === undefined) {
    page = rows;
    verdicts = await verdictOf(rows);
    matched = raw[0]?.total ?? 0;
  } else {
    const all = await verdictOf(rows);
    const keep = rows
      .map((t, i) => ({ t, v: all[i] ?? null }))
      .filter(
        ({ v }) =>
          v !== null &&
          v.verdict !== 'unknown' &&
          v.rug_probability_pct !== null &&
          v.rug_probability_pct <= max,
      );
    matched = keep.length;
    page = keep.slice(0, request.limit).map((k) => k.t);
    verdicts = keep.slice(0, request.limit).map((k) => k.v);
  }
  const filters = {
    hours: request.hours,
    min_mcap: request.min_mcap ?? null,
    platform: request.platform ?? null,
    max_rug_pct: max ?? null,
    limit: request.limit,
  };
  const says =
    matched === 0
      ? `No token analysed in the last ${countText(request.hours, 'hour')} passes these filters.`
      : `${countText(matched, 'token')} analysed in the last ${countText(request.hours, 'hour')} pass these filters` +
        `${max === undefined ? '' : ` (measured rug probability at most ${pctText(max)})`}; showing the newest ${page.length}.`;
  return {
    count: page.length,
    matched,
    filters,
    tokens: page.map((t, i) => discoverRowOf(t, verdicts[i] ?? null)),
    says,
  };
}
