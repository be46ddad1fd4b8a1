import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import type { TokenRow } from '../tables/token-row.js';
import { HOUR, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { buildDiscoverSql } from './build-discover-sql.js';
import { buildSearchSql } from './build-search-sql.js';
import { DiscoverRequest } from './discover-request.js';
import { DiscoverResult } from './discover-result.js';
import { discoverTokens } from './discover-tokens.js';
import { SearchRequest } from './search-request.js';
import { SearchResult } from './search-result.js';
import { searchTokens } from './search-tokens.js';
import type { TokenVerdict } from './token-verdict.js';

const NOW = T0 + 100 * HOUR;
const MINT = 'So1anaMint111111111111111111111111111111111';
let db: DatasetStore;

/** Rug probability is read from the token's mcap: 1 % per $1k, so the tests know every verdict. */
const verdictOf = (tokens: readonly TokenRow[]): (TokenVerdict | null)[] =>
  tokens.map((t) =>
    t.skipped
      ? { verdict: 'unknown', rug_probability_pct: null, score: null }
      : { verdict: 'elevated', rug_probability_pct: (t.mcap_at_analysis_usd ?? 0) / 1000, score: 50 },
  );

beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({
        mint: MINT,
        analyzed_at: NOW - 1 * HOUR,
        symbol: 'PEPE',
        name: 'Pepe Classic',
        mcap_at_analysis_usd: 90_000,
      }),
      tokenRow({
        mint: 'm2',
        analyzed_at: NOW - 2 * HOUR,
        symbol: 'PEPE2',
        name: 'Another frog',
        mcap_at_analysis_usd: 20_000,
      }),
      tokenRow({
        mint: 'm3',
        analyzed_at: NOW - 3 * HOUR,
        symbol: 'DOG',
        name: 'pepe dog',
        platform: 'letsbonk',
        mcap_at_analysis_usd: 40_000,
      }),
      tokenRow({
        mint: 'm4',
        analyzed_at: NOW - 4 * HOUR,
        symbol: 'CAT',
        name: 'Cat',
        mcap_at_analysis_usd: 10_000,
        skipped: true,
      }),
      tokenRow({
        mint: 'm5',
        analyzed_at: NOW - 30 * HOUR,
        symbol: 'OLD',
        name: 'Old',
        mcap_at_analysis_usd: 5_000,
      }),
      tokenRow({
        mint: 'm6',
        analyzed_at: NOW + HOUR,
        symbol: 'PEPEFUTURE',
        name: 'Future',
        mcap_at_analysis_usd: 1_000,
      }),
    ],
  });
});
afterAll(() => db.close());

describe('searchTokens', () => {
  it('matches symbol or name fragments case-insensitively, exact symbol first', async () => {
    const r = SearchResult.parse(await searchTokens(db, SearchRequest.parse({ q: 'pepe' }), NOW, verdictOf));
    expect(r.tokens.map((t) => t.symbol)).toEqual(['PEPE', 'PEPE2', 'DOG']);
    expect(r.total).toBe(3);
    expect(r.tokens[0].rug_risk).toEqual({ verdict: 'elevated', rug_probability_pct: 90, score: 50 });
    expect(r.says).toContain('Found 3 tokens');
  });

  it('finds an exact mint', async () => {
    const r = await searchTokens(db, SearchRequest.parse({ q: MINT }), NOW, verdictOf);
    expect(r.tokens.map((t) => t.mint)).toEqual([MINT]);
    expect(r.total).toBe(1);
  });

  it('an exact mint past its page, filtered out or not held has no hits', async () => {
    const past = await searchTokens(db, SearchRequest.parse({ q: MINT, offset: 1 }), NOW, verdictOf);
    expect(past).toMatchObject({ count: 0, total: null, tokens: [] });
    const bonk = await searchTokens(
      db,
      SearchRequest.parse({ q: MINT, platform: 'letsbonk' }),
      NOW,
      verdictOf,
    );
    expect(bonk).toMatchObject({ count: 0, total: null, tokens: [] });
    const unknown = await searchTokens(
      db,
      SearchRequest.parse({ q: MINT.replace(/.$/, 'z') }),
      NOW,
      verdictOf,
    );
    expect(unknown).toMatchObject({ count: 0, total: null, tokens: [] });
  });

  it('applies platform, min_mcap and days, and pages with limit/offset', async () => {
    const byPlatform = await searchTokens(db, SearchRequest.parse({ platform: 'letsbonk' }), NOW, verdictOf);
    expect(byPlatform.tokens.map((t) => t.mint)).toEqual(['m3']);
    const rich = await searchTokens(db, SearchRequest.parse({ min_mcap: 30_000 }), NOW, verdictOf);
    expect(rich.tokens.map((t) => t.mint)).toEqual([MINT, 'm3']);
    const recent = await searchTokens(db, SearchRequest.parse({ days: 1 }), NOW, verdictOf);
    expect(recent.total).toBe(4);
    const page = await searchTokens(db, SearchRequest.parse({ limit: 2, offset: 1 }), NOW, verdictOf);
    expect(page.tokens.map((t) => t.mint)).toEqual(['m2', 'm3']);
    expect(page.total).toBe(5);
  });

  it('an empty result says so', async () => {
    const r = await searchTokens(db, SearchRequest.parse({ q: 'zzz' }), NOW, verdictOf);
    expect(r).toMatchObject({ count: 0, total: null, tokens: [] });
  });

  it('the SQL holds only the filters given', () => {
    const q = buildSearchSql(SearchRequest.parse({ q: 'Ab' }), 1);
    expect(q.sql).not.toContain('platform');
    expect(q.sql).toContain('contains(sl, $q_lower)');
    expect(q.params).toMatchObject({ q_lower: 'ab' });
    const exact = buildSearchSql(SearchRequest.parse({ q: MINT }), 1);
    expect(exact.sql).toContain('mint = $q');
    expect(exact.sql).not.toContain('contains(');
  });
});

describe('discoverTokens', () => {
  it('lists recent tokens newest first with their verdicts', async () => {
    const r = DiscoverResult.parse(await discoverTokens(db, DiscoverRequest.parse({}), NOW, verdictOf));
    expect(r.tokens.map((t) => t.mint)).toEqual([MINT, 'm2', 'm3', 'm4']);
    expect(r.matched).toBe(4);
    expect(r.tokens[3].rug_risk?.verdict).toBe('unknown');
  });

  it('max_rug_pct is applied before the page is cut and drops unscoreable tokens', async () => {
    const r = await discoverTokens(db, DiscoverRequest.parse({ max_rug_pct: 45, limit: 1 }), NOW, verdictOf);
    expect(r.matched).toBe(2);
    expect(r.tokens.map((t) => t.mint)).toEqual(['m2']);
    expect(r.filters).toEqual({ hours: 24, min_mcap: null, platform: null, max_rug_pct: 45, limit: 1 });
  });

  it('counts every match before the page is cut, without a window function', async () => {
    const r = await discoverTokens(db, DiscoverRequest.parse({ limit: 2 }), NOW, verdictOf);
    expect(r.tokens.map((t) => t.mint)).toEqual([MINT, 'm2']);
    expect(r.matched).toBe(4);
    expect(buildDiscoverSql(DiscoverRequest.parse({}), NOW).sql).not.toContain('OVER');
  });

  it('hours, platform and min_mcap filter', async () => {
    const wide = await discoverTokens(db, DiscoverRequest.parse({ hours: 48 }), NOW, verdictOf);
    expect(wide.matched).toBe(5);
    const bonk = await discoverTokens(db, DiscoverRequest.parse({ platform: 'letsbonk' }), NOW, verdictOf);
    expect(bonk.tokens.map((t) => t.mint)).toEqual(['m3']);
    const rich = await discoverTokens(
      db,
      DiscoverRequest.parse({ min_mcap: 50_000, limit: 1 }),
      NOW,
      verdictOf,
    );
    expect(rich).toMatchObject({ count: 1, matched: 1 });
  });
});
