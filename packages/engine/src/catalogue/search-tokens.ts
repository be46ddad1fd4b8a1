import { countText } from '../says/count-text.js';
import type { Queryable } from '../store/queryable.js';
import type { TokenRow } from '../tables/token-row.js';
import { buildSearchSql } from './build-search-sql.js';
import { buildTokensByMintSql } from './build-tokens-by-mint-sql.js';
import { searchHitOf } from './catalogue-row-of.js';
import type { SearchRequest } from './search-request.js';
import type { SearchResult } from './search-result.js';
import type { VerdictOf } from './token-verdict.js';

/** Finds analysed tokens by exact mint, or by symbol or name fragment, as of `asOf` (epoch ms), with each one's verdict. */
export async function searchTokens(
  db: Queryable,
  request: SearchRequest,
  asOf: number,
  verdictOf: VerdictOf,
): Promise<SearchResult> {
  const q = buildSearchSql(request, asOf);
  const rows = await db.all<{ mint: string; total: number }>(q.sql, q.params);
  const byMint = buildTokensByMintSql(rows.map((r) => r.mint));
  const found = new Map(
    rows.length === 0 ? [] : (await db.all<TokenRow>(byMint.sql, byMint.params)).map((t) => [t.mint, t]),
  );
  const tokens = rows.map((r) => found.get(r.mint)).filter((t): t is TokenRow => t !== undefined);
  const verdicts = await verdictOf(tokens);
  const total = rows[0]?.total ?? null;
  const what = request.q === undefined ? 'analysed tokens' : `tokens matching "${request.q}"`;
  const says =
    rows.length === 0
      ? `No ${what} ${request.offset > 0 ? 'on this page' : 'were found'}.`
      : `Found ${countText(total ?? 0, 'token')} among ${what}; showing ${request.offset + 1}–${request.offset + rows.length}, ` +
        `best match ${tokens[0].symbol ?? tokens[0].mint} analysed ${new Date(tokens[0].analyzed_at).toISOString().slice(0, 10)}.`;
  return {
    count: rows.length,
    total,
    query: {
      q: request.q ?? null,
      platform: request.platform ?? null,
      min_mcap: request.min_mcap ?? null,
      days: request.days ?? null,
      limit: request.limit,
      offset: request.offset,
    },
    tokens: tokens.map((t, i) => searchHitOf(t, verdicts[i] ?? null)),
    says,
  };
}
