import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverRequest } from '../src/catalogue/discover-request.js';
import { discoverTokens } from '../src/catalogue/discover-tokens.js';
import { SearchRequest } from '../src/catalogue/search-request.js';
import { searchTokens } from '../src/catalogue/search-tokens.js';
import { CohortRequest } from '../src/cohort/cohort-request.js';
import { queryCohort } from '../src/cohort/query-cohort.js';
import { compareTokens } from '../src/compare/compare-tokens.js';
import { describeCoverage } from '../src/coverage/describe-coverage.js';
import { loadFeatureInputs } from '../src/features/load-feature-inputs.js';
import { loadRiskFrame } from '../src/features/load-risk-frame.js';
import { graphToken } from '../src/graph/graph-token.js';
import { identifyToken } from '../src/identity/identify-token.js';
import { inspectToken } from '../src/inspect/inspect-token.js';
import { describeKol } from '../src/kols/describe-kol.js';
import { KolsRequest } from '../src/kols/kols-request.js';
import { rankKols } from '../src/kols/rank-kols.js';
import { FunderNetworksRequest } from '../src/leaderboards/funder-networks-request.js';
import { rankFunderNetworks } from '../src/leaderboards/rank-funder-networks.js';
import { rankSerialInsiders } from '../src/leaderboards/rank-serial-insiders.js';
import { SerialInsidersRequest } from '../src/leaderboards/serial-insiders-request.js';
import { compileModel } from '../src/model/compile-model.js';
import { fitRiskModel } from '../src/model/fit-risk-model.js';
import { createScreenCache } from '../src/screen/screen-cache.js';
import { screenToken } from '../src/screen/screen-token.js';
import type { DatasetStore } from '../src/store/dataset-store.js';
import { openDataset } from '../src/store/open-dataset.js';
import type { TableRows } from '../src/store/table-rows.js';
import { TABLE_NAMES, type TableName } from '../src/tables/dataset-tables.js';
import { roundNumbers } from '../src/testing/round-numbers.js';
import { type TestTables, writeTestDataset } from '../src/testing/write-test-dataset.js';
import { mapWalletNetwork } from '../src/wallet/map-wallet-network.js';
import { vetWallet } from '../src/wallet/vet-wallet.js';

const DIR = fileURLToPath(new URL('../../../datasets/test-small', import.meta.url));

let tmp: string;
let whole: DatasetStore;
let split: DatasetStore;
let byTime: DatasetStore;
let cut: number;
let lateMints: string[];
let earlyMints: string[];
let asOf: number;

/** Asserts that `split` (or `other`) answers `ask` as `whole` does, up to float rounding. */
async function same<T>(
  ask: (db: DatasetStore) => Promise<T>,
  label?: string,
  other?: DatasetStore,
): Promise<void> {
  expect(roundNumbers(await ask(other ?? split)), label).toEqual(roundNumbers(await ask(whole)));
}

/** The timestamp that decides which side of the split a row of a table without `mint` falls on. */
const TIME_OF: Partial<Record<TableName, string>> = { funders: 'funded_at' };

/** Writes the rows of `whole` for which `isLate` is false as a dataset, opens it and appends the others. */
async function splitStore(dir: string, isLate: (name: TableName, row: Record<string, unknown>) => boolean) {
  const base: TestTables = {};
  const delta: TestTables = {};
  for (const name of TABLE_NAMES) {
    if (!whole.tables.has(name)) continue;
    const rows = await whole.all<Record<string, unknown>>(`SELECT * FROM ${name}`);
    (base as Record<string, unknown[]>)[name] = rows.filter((r) => !isLate(name, r));
    (delta as Record<string, unknown[]>)[name] = rows.filter((r) => isLate(name, r));
  }
  await writeTestDataset(dir, base);
  const store = await openDataset(dir);
  for (const name of TABLE_NAMES) {
    const rows = delta[name] ?? [];
    if (rows.length > 0)
      expect(await store.appendRows(name, rows as TableRows[typeof name][])).toBe(rows.length);
  }
  return store;
}

/**
 * The time that puts a row after the cut in the split by time: a token's rows go with it (by
 * mint), but outcomes, positions, KOL trades and fundings that happen after the cut are appended
 * later than their token, as a live feed appends them.
 */
const LATE_AT: Partial<Record<TableName, string>> = {
  outcomes: 'settled_at',
  positions: 'last_at',
  kol_trades: 'at',
  funders: 'funded_at',
};

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'base-delta-'));
  whole = await openDataset(DIR);
  asOf = Date.parse(whole.manifest.current_through);
  const tokens = await whole.all<{ mint: string; analyzed_at: number }>(
    'SELECT mint, analyzed_at FROM tokens ORDER BY analyzed_at, mint',
  );
  cut = tokens[Math.floor(tokens.length * 0.8)].analyzed_at;
  lateMints = tokens.filter((t) => t.analyzed_at >= cut).map((t) => t.mint);
  earlyMints = tokens.filter((t) => t.analyzed_at < cut).map((t) => t.mint);
  const late = new Set(lateMints);
  split = await splitStore(join(tmp, 'base'), (name, row) =>
    'mint' in row
      ? late.has(row.mint as string)
      : TIME_OF[name]
        ? (row[TIME_OF[name]] as number) >= cut
        : false,
  );
  byTime = await splitStore(join(tmp, 'by-time'), (name, row) =>
    LATE_AT[name] ? (row[LATE_AT[name]] as number) >= cut : 'mint' in row && late.has(row.mint as string),
  );
}, 120_000);

afterAll(async () => {
  await whole?.close();
  await split?.close();
  await byTime?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('a served base with appended rows answers as one base holding every row', () => {
  it('holds the same rows in every table', async () => {
    for (const name of TABLE_NAMES) {
      if (!whole.tables.has(name)) continue;
      const q = `SELECT count(*)::BIGINT AS n, sum(hash(COLUMNS(*))) AS h FROM ${name}`;
      expect(await split.all(q), name).toEqual(await whole.all(q));
    }
  });

  it('looks tokens up by mint, appended or not', async () => {
    for (const mint of [earlyMints[0], lateMints[0], lateMints.at(-1)!]) {
      expect(await split.tokenByMint(mint)).toEqual(await whole.tokenByMint(mint));
    }
  });

  it('refuses a token the base already holds', async () => {
    const token = await whole.tokenByMint(earlyMints[0]);
    await expect(split.appendRows('tokens', [token!])).rejects.toThrow(/already holds/);
  });

  it('gives the same screen, inspect, identity, graph and compare records', async () => {
    const model = compileModel(fitRiskModel(await loadRiskFrame(whole), { cutoff: asOf }));
    const mints = [earlyMints[3], earlyMints.at(-1)!, lateMints[0], lateMints.at(-1)!];
    for (const mint of mints) {
      await same((db) => screenToken(db, mint, { model, asOf, cache: createScreenCache() }), mint);
      await same((db) => inspectToken(db, mint, asOf), mint);
      await same((db) => identifyToken(db, mint, asOf), mint);
      await same((db) => graphToken(db, mint, asOf), mint);
    }
    // The served identity index is exact for the tokens of its base.
    for (const mint of [earlyMints[3], earlyMints.at(-1)!]) {
      await same((db) => identifyToken(db, mint, asOf, { index: db.identityIndex }), mint);
      await same((db) => graphToken(db, mint, asOf, { index: db.identityIndex }), mint);
    }
    await same((db) => compareTokens(db, { mints: [earlyMints[3], lateMints[0]] }, asOf));
  });

  it('gives the features of several tokens, held or appended, as the whole-history pass does', async () => {
    const mints = [earlyMints[5], lateMints[1], earlyMints[2], earlyMints[5], lateMints.at(-1)!, 'unknown'];
    const wanted = new Set(mints);
    const all = (await loadFeatureInputs(whole, { kind: 'all' })).filter((r) => wanted.has(r.mint));
    expect(all).toHaveLength(4);
    await same(async () => all, 'the whole pass');
    await same((db) => loadFeatureInputs(db, { kind: 'mints', mints }), 'by mints');
    expect(roundNumbers(await loadFeatureInputs(whole, { kind: 'mints', mints }))).toEqual(roundNumbers(all));
    // Token rows the caller has already read are used as they are.
    const rows = (await Promise.all(mints.slice(0, 2).map((m) => whole.tokenByMint(m)))).filter(
      (t) => t !== null,
    );
    await same((db) => loadFeatureInputs(db, { kind: 'mints', mints, rows }), 'by mints, rows given');
  });

  it('gives the same cohort, search, discover and leaderboards', async () => {
    const none = async (tokens: readonly unknown[]) => tokens.map(() => null);
    const cohort = CohortRequest.parse({ filters: { top10_pct: { min: 20 } } });
    await same((db) => queryCohort(db, cohort, asOf));
    // A fragment of three characters or more reads the base's search index and scans the delta.
    const late = await whole.tokenByMint(lateMints.at(-1)!);
    const fragment = (late?.symbol ?? 'abc').slice(1, 4);
    // An exact mint is a point lookup, held in the base or appended.
    const searches = [
      {},
      { q: 'a', limit: 50 },
      { q: fragment, limit: 50 },
      { q: earlyMints[3] },
      { q: lateMints.at(-1)! },
    ];
    for (const search of searches.map((s) => SearchRequest.parse(s))) {
      await same((db) => searchTokens(db, search, asOf, none), search.q);
    }
    const appended = await searchTokens(whole, SearchRequest.parse({ q: lateMints.at(-1)! }), asOf, none);
    expect(appended.tokens.map((t) => t.mint)).toEqual([lateMints.at(-1)]);
    await same((db) => discoverTokens(db, DiscoverRequest.parse({ hours: 168, limit: 100 }), asOf, none));
    await same((db) => rankKols(db, KolsRequest.parse({ days: 90 }), asOf));
    await same((db) => rankSerialInsiders(db, SerialInsidersRequest.parse({ min_tokens: 2 }), asOf));
    await same((db) => rankFunderNetworks(db, FunderNetworksRequest.parse({ min_wallets: 2 }), asOf));
    // The served count of wallets seen is the base's wallet table plus the appended rows' new wallets.
    await same((db) => describeCoverage(db, whole.manifest, asOf));
  });

  it('gives the same cohorts over windows that end after the split and before it', async () => {
    // The dataset spans two days: windows ending 6 and 18 hours before its end hold fewer settled tokens.
    const HOUR = 3_600_000;
    const filters = [{}, { top10_pct: { min: 20 } }, { insiders_pct: { max: 10 }, holders: { min: 50 } }];
    for (const end of [asOf, asOf - 6 * HOUR, asOf - 18 * HOUR]) {
      for (const window_days of [7, 90]) {
        for (const f of filters) {
          const request = CohortRequest.parse({ filters: f, window_days });
          await same((db) => queryCohort(db, request, end), `${end} ${window_days} ${JSON.stringify(f)}`);
        }
      }
    }
  });

  it('gives the same leaderboards from the identity index of one base as from base and delta', async () => {
    // The whole store's index is current, so its whole-history pages are read; the split store's
    // base index is not (tokens were appended), so it aggregates base and delta rows.
    for (const min_tokens of [2, 3]) {
      for (const limit of [1, 25]) {
        const request = SerialInsidersRequest.parse({ min_tokens, limit });
        await same((db) => rankSerialInsiders(db, request, asOf, { index: db.identityIndex }), 'serial');
      }
    }
    for (const min_wallets of [2, 3]) {
      for (const limit of [1, 25]) {
        const request = FunderNetworksRequest.parse({ min_wallets, limit });
        await same((db) => rankFunderNetworks(db, request, asOf, { index: db.identityIndex }), 'funders');
      }
    }
  });

  it('gives the same wallet, wallet network and KOL records', async () => {
    const wallets = await whole.all<{ wallet: string }>(
      `SELECT wallet FROM holders WHERE mint IN ($early, $late) ORDER BY wallet LIMIT 4`,
      { early: earlyMints[3], late: lateMints[0] },
    );
    for (const { wallet } of wallets) {
      await same((db) => vetWallet(db, wallet, asOf), wallet);
      await same((db) => mapWalletNetwork(db, wallet, asOf), wallet);
    }
    const kols = await whole.all<{ wallet: string }>('SELECT wallet FROM kols ORDER BY wallet LIMIT 3');
    for (const { wallet } of kols) await same((db) => describeKol(db, wallet, asOf), wallet);
  }, 60_000);
});

describe('a served base answers as one base when outcomes, positions, KOL trades and fundings come later than their token', () => {
  it('appends rows of base tokens and keeps rows of appended tokens in the base', async () => {
    const count = async (sql: string) => (await byTime.all<{ n: number }>(sql))[0].n;
    for (const table of ['outcomes', 'positions', 'kol_trades']) {
      const sql = `SELECT count(*)::BIGINT AS n FROM delta.${table} WHERE mint IN (SELECT mint FROM base.main.tokens)`;
      expect(await count(sql), table).toBeGreaterThan(0);
    }
    for (const table of ['positions', 'kol_trades']) {
      const sql = `SELECT count(*)::BIGINT AS n FROM base.main.${table} WHERE mint IN (SELECT mint FROM delta.tokens)`;
      expect(await count(sql), table).toBeGreaterThan(0);
    }
    expect(await count('SELECT count(*)::BIGINT AS n FROM delta.funders')).toBeGreaterThan(0);
  });

  it('gives the same wallet, wallet network and KOL records', async () => {
    const wallets = await whole.all<{ wallet: string }>(
      `(SELECT wallet FROM holders GROUP BY wallet ORDER BY count(*) DESC, wallet LIMIT 3)
UNION (SELECT wallet FROM positions WHERE mint IN (SELECT unnest($early)) ORDER BY last_at DESC, wallet LIMIT 3)
UNION (SELECT funder FROM funders ORDER BY funded_at DESC, funder LIMIT 2)
ORDER BY wallet`,
      { early: earlyMints },
    );
    for (const { wallet } of wallets) {
      await same((db) => vetWallet(db, wallet, asOf), wallet, byTime);
      await same((db) => mapWalletNetwork(db, wallet, asOf), wallet, byTime);
    }
    const kols = await whole.all<{ wallet: string }>('SELECT wallet FROM kols ORDER BY wallet');
    for (const { wallet } of kols) await same((db) => describeKol(db, wallet, asOf), wallet, byTime);
  }, 60_000);
});
