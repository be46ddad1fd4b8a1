import { MINT_SHAPE } from './build-search-sql.js';
import type { CatalogueEntry } from './catalogue-entry.js';
import type { SearchRequest } from './search-request.js';

const DAY_MS = 86_400_000;

/** A page of matching mints and every match before the page was cut (null when the page is empty). */
export interface CataloguePage {
  readonly mints: readonly string[];
  readonly total: number | null;
}

/**
 * `buildSearchSql` over entries held in memory, with the same answer: a mint-shaped `q` matches
 * that exact mint, any other `q` a fragment of the lower-cased symbol or name; filters as in SQL
 * (a null market cap never passes `min_mcap`). Order: exact symbol, then other symbols, then no
 * symbol (SQL's `DESC` puts NULL last), newest first, then mint.
 */
export function searchCatalogue(
  entries: readonly CatalogueEntry[],
  request: SearchRequest,
  asOf: number,
): CataloguePage {
  const q = request.q;
  const exactMint = q !== undefined && MINT_SHAPE.test(q) ? q : null;
  const fragment = q !== undefined && exactMint === null ? q.toLowerCase() : null;
  const from = request.days !== undefined && request.days > 0 ? asOf - request.days * DAY_MS : null;
  const minMcap = request.min_mcap;
  const matches: CatalogueEntry[] = [];
  for (const e of entries) {
    if (e.analyzed_at > asOf) continue;
    if (exactMint !== null && e.mint !== exactMint) continue;
    if (
      fragment !== null &&
      !(e.symbol_lower?.includes(fragment) ?? false) &&
      !(e.name_lower?.includes(fragment) ?? false)
    )
      continue;
    if (request.platform !== undefined && e.platform !== request.platform) continue;
    if (minMcap !== undefined && (e.mcap_at_analysis_usd === null || e.mcap_at_analysis_usd < minMcap))
      continue;
    if (from !== null && e.analyzed_at <= from) continue;
    matches.push(e);
  }
  const exactness = (e: CatalogueEntry) =>
    fragment === null || e.symbol_lower === null ? 0 : e.symbol_lower === fragment ? 2 : 1;
  matches.sort(
    (a, b) =>
      exactness(b) - exactness(a) ||
      b.analyzed_at - a.analyzed_at ||
      (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0),
  );
  const page = matches.slice(request.offset, request.offset + request.limit).map((e) => e.mint);
  return { mints: page, total: page.length > 0 ? matches.length : null };
}
