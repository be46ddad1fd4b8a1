import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { buildSearchSql } from './build-search-sql.js';
import { catalogueEntriesOf } from './catalogue-entries-of.js';
import { HOUR, storeWith, T0, tokenRow } from './fixture-rows.test-support.js';
import { searchCatalogue } from './search-catalogue.js';
import { SearchRequest } from './search-request.js';

const NOW = T0 + 100 * HOUR;
const MINT = 'So1anaMint111111111111111111111111111111111';
let db: DatasetStore;

beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow(MINT, NOW - HOUR, { symbol: 'PEPE', name: 'Pepe Classic', mcap_at_analysis_usd: 90_000 }),
      tokenRow('m2', NOW - 2 * HOUR, { symbol: 'pepe', name: 'Another frog', mcap_at_analysis_usd: null }),
      tokenRow('m3', NOW - 2 * HOUR, { symbol: null, name: 'pepe dog', platform: 'letsbonk' }),
      tokenRow('m4', NOW - 2 * HOUR, { symbol: 'XPEPEX', name: null, mcap_at_analysis_usd: 10_000 }),
      tokenRow('m5', NOW - 30 * HOUR, { symbol: 'Ünï', name: 'Straße', mcap_at_analysis_usd: 5_000 }),
      tokenRow('m6', NOW + HOUR, { symbol: 'PEPEFUTURE', name: 'Future', mcap_at_analysis_usd: 1_000 }),
      tokenRow('a7', NOW - 2 * HOUR, { symbol: 'DOG', name: 'Dog', mcap_at_analysis_usd: 30_000 }),
    ],
  });
});
afterAll(() => db.close());

const REQUESTS = [
  {},
  { q: 'pepe' },
  { q: 'PE', limit: 2 },
  { q: 'pe', offset: 3 },
  { q: 'pe', offset: 30 },
  { q: MINT },
  { q: MINT, platform: 'letsbonk' },
  { q: 'dog', platform: 'letsbonk' },
  { min_mcap: 10_000 },
  { q: 'pepe', min_mcap: 0 },
  { days: 1 },
  { q: 'ünï' },
  { q: 'STRASSE' },
  { q: 'ße' },
  { q: 'zzz' },
];

describe('searchCatalogue', () => {
  it('cuts the same page with the same total as the search SQL', async () => {
    const entries = await catalogueEntriesOf(db);
    for (const body of REQUESTS) {
      const request = SearchRequest.parse(body);
      for (const asOf of [NOW, NOW + 2 * HOUR]) {
        const q = buildSearchSql(request, asOf);
        const rows = await db.all<{ mint: string; total: number }>(q.sql, q.params);
        expect(searchCatalogue(entries, request, asOf), JSON.stringify(body)).toEqual({
          mints: rows.map((r) => r.mint),
          total: rows[0]?.total ?? null,
        });
      }
    }
  });

  it('puts the exact symbol first, then other symbols, then tokens matched by name only', async () => {
    const page = searchCatalogue(await catalogueEntriesOf(db), SearchRequest.parse({ q: 'pepe' }), NOW);
    expect(page).toEqual({ mints: [MINT, 'm2', 'm4', 'm3'], total: 4 });
  });

  it('holds tokens appended after the first read', async () => {
    expect(await catalogueEntriesOf(db)).toHaveLength(7);
    await db.appendRows('tokens', [tokenRow('m8', NOW - HOUR, { symbol: 'NEWPEPE' })]);
    const entries = await catalogueEntriesOf(db);
    expect(entries).toHaveLength(8);
    expect(searchCatalogue(entries, SearchRequest.parse({ q: 'newpe' }), NOW).mints).toEqual(['m8']);
  });
});
