import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchSql } from '../src/catalogue/build-search-sql.js';
import { SEARCH_GRAMS_TABLE } from '../src/catalogue/search-grams-sql.js';
import { SearchRequest } from '../src/catalogue/search-request.js';
import { searchTokens } from '../src/catalogue/search-tokens.js';
import type { DatasetStore } from '../src/store/dataset-store.js';
import { openDataset } from '../src/store/open-dataset.js';
import type { TokenRow } from '../src/tables/token-row.js';
import { DAY, HOUR, T0, tokenRow } from '../src/testing/table-rows.js';
import { writeTestDataset } from '../src/testing/write-test-dataset.js';

const NOW = T0 + 30 * DAY;
const TEXTS: [string | null, string | null][] = [
  ['PEPE', 'Pepe Classic'],
  ['pepe2', 'Another Frog'],
  ['DOG', 'pepe dog'],
  ['ÜBER', 'Über Straße'],
  ['🚀MOON', 'To the 🚀 moon'],
  ['ÇA', null],
  [null, 'nameless coin'],
  ['AB', 'ab'],
  ['frogé', 'Frogé the Frog'],
  ['MOONMOON', 'moon moon moon'],
];
const tokens: TokenRow[] = TEXTS.map(([symbol, name], i) =>
  tokenRow({
    mint: `mint${i}`,
    symbol,
    name,
    analyzed_at: NOW - (i + 1) * 2 * DAY,
    platform: i % 3 === 0 ? 'letsbonk' : 'pumpfun',
    mcap_at_analysis_usd: 10_000 * (i + 1),
  }),
);
/** Appended after the base was built: searched by scanning, beside the base's gram rows. */
const appended: TokenRow[] = [
  tokenRow({ mint: 'late1', symbol: 'PEPELATE', name: 'Late frog', analyzed_at: NOW - HOUR }),
  tokenRow({ mint: 'late2', symbol: 'über', name: 'über late', analyzed_at: NOW - 2 * HOUR }),
];

let tmp: string;
let db: DatasetStore;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'search-grams-'));
  await writeTestDataset(tmp, { tokens });
  db = await openDataset(tmp);
  await db.appendRows('tokens', appended);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Every piece of 1 to 4 characters of every symbol and name, as typed and upper-cased. */
function fragments(): string[] {
  const out = new Set<string>();
  for (const t of [...tokens, ...appended])
    for (const text of [t.symbol, t.name]) {
      if (text === null) continue;
      const chars = [...text];
      for (let start = 0; start < chars.length; start++)
        for (let n = 1; n <= 4 && start + n <= chars.length; n++) {
          const piece = chars
            .slice(start, start + n)
            .join('')
            .trim();
          if (piece.length > 0) out.add(piece).add(piece.toUpperCase());
        }
    }
  return [...out];
}

async function page(request: SearchRequest, grams: boolean): Promise<unknown[]> {
  const q = buildSearchSql(request, NOW, { grams });
  return db.all(q.sql, q.params);
}

describe('the search index of a served store', () => {
  it('is built into the serving store', async () => {
    const [{ n }] = await db.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${SEARCH_GRAMS_TABLE}`);
    expect(n).toBeGreaterThan(50);
  });

  it('finds the same page as a scan of every text, for every fragment and filter', async () => {
    const all = fragments();
    expect(all.length).toBeGreaterThan(200);
    let found = 0;
    for (const q of all) {
      for (const extra of [
        {},
        { platform: 'letsbonk', min_mcap: 30_000, days: 14 },
        { limit: 2, offset: 1 },
      ]) {
        const request = SearchRequest.parse({ q, ...extra });
        const scanned = await page(request, false);
        expect(await page(request, true), `${q} ${JSON.stringify(extra)}`).toEqual(scanned);
        found += scanned.length;
      }
    }
    expect(found).toBeGreaterThan(500);
  });

  it('uses the index for fragments of three characters or more, and finds appended tokens too', async () => {
    const q = buildSearchSql(SearchRequest.parse({ q: 'über' }), NOW, { grams: true });
    expect(q.sql).toContain(SEARCH_GRAMS_TABLE);
    expect(q.params).toMatchObject({ gram: 'übe' });
    expect(buildSearchSql(SearchRequest.parse({ q: 'üb' }), NOW, { grams: true }).sql).not.toContain(
      SEARCH_GRAMS_TABLE,
    );
    const none = async (rows: readonly unknown[]) => rows.map(() => null);
    const result = await searchTokens(db, SearchRequest.parse({ q: 'ÜBER' }), NOW, none);
    expect(result.tokens.map((t) => t.mint)).toEqual(['late2', 'mint3']);
    expect(result.total).toBe(2);
  });
});
