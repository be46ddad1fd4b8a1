import { countText } from '../says/count-text.js';
import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { TokenRow } from '../tables/token-row.js';
import { buildSearchSql } from './build-search-sql.js';
import { buildTokensByMintSql } from './build-tokens-by-mint-sql.js';
import { searchHitOf } from './catalogue-row-of.js';
import { SEARCH_GRAMS_TABLE } from './search-grams-sql.js';
import type { SearchRequest } from './search-request.js';
import type { SearchResult } from './search-result.js';
import type { VerdictOf } from './token-verdict.js';

/**
 * Finds analysed tokens by exact mint, or by symbol or name fragment, as of `asOf` (epoch ms), with
 * each one's verdict: the page of mints is cut in SQL (`buildSearchSql`), then its rows are read
 * by mint. Nothing is held between calls, so memory does not grow with the history; a served
 * store's search index (`SEARCH_GRAMS_TABLE`) keeps a fragment's cost from growing with it either.
 */
export async function searchTokens(
  db: Queryable,
  request: SearchRequest,
  asOf: number,
  verdictOf: VerdictOf,
): Promise<SearchResult> {
  const grams = (await servedLayoutOf(db)).baseTables.has(SEARCH_GRAMS_TABLE);
  const search = buildSearchSql(request, asOf, { grams });
  const page = await db.all<{ mint: string; total: number }>(search.sql, search.params);
  const mints = page.map((r) => r.mint);
  const byMint = buildTokensByMintSql(mints);
  const texts = mints.length === 0 ? [] : await db.all<{ row: string }>(byMint.sql, byMint.params);
  const found = new Map(texts.map(({ row }) => JSON.parse(row) as TokenRow).map((t) => [t.mint, t]));
  const tokens = mints.map((m) => found.get(m)).filter((t): t is TokenRow => t !== undefined);
  const verdicts = await verdictOf(tokens);
  const total = page[0]?.total ?? null;
  const what = request.q === undefined ? 'analysed tokens' : `tokens matching "${request.q}"`;
  const says =
    tokens.length === 0
      ? `No ${what} ${request.offset > 0 ? 'on this page' : 'were found'}.`
      : `Found ${countText(total ?? 0, 'token')} among ${what}; showing ${request.offset + 1}–${request.offset + tokens.length}, ` +
        `best match ${tokens[0].symbol ?? tokens[0].mint} analysed ${new Date(tokens[0].analyzed_at).toISOString().slice(0, 10)}.`;
  return {
    count: tokens.length,
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
