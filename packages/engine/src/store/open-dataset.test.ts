import { mkdtemp, readFile, rename, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexIsCurrent } from '../identity/identity-index.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { Manifest } from '../tables/manifest.js';
import type { OracleRow } from '../tables/oracle-row.js';
import type { TickRow } from '../tables/tick-row.js';
import { outcomeRow, tokenRow } from '../testing/table-rows.js';
import { writeTestDataset } from '../testing/write-test-dataset.js';
import { DatasetError } from './dataset-error.js';
import { openDataset } from './open-dataset.js';
import { openMemoryStore } from './open-memory-store.js';

let root: string;
let dir: string;
let manifest: Manifest;

const tokens = [
  tokenRow({ mint: 'MintA', analyzed_at: 1_717_200_000_000 }),
  tokenRow({ mint: 'MintB', analyzed_at: 1_717_200_001_000, name: null, lp_state: null }),
];
const ticks: TickRow[] = [
  { mint: 'MintA', at: 1_717_200_005_000, price_usd: 0.0001, mcap_usd: 100_000, liquidity_usd: 20_000 },
  { mint: 'MintA', at: 1_717_200_010_000, price_usd: 0.00011, mcap_usd: 110_000, liquidity_usd: 21_000 },
];
const holder: HolderRow = {
  mint: 'MintA',
  wallet: 'WalletA',
  rank: 1,
  supply_pct: 2.5,
  sol_balance: null,
  is_creator: false,
  is_sniper: true,
  is_insider: false,
  is_bundle: false,
  is_early: true,
  is_fresh: false,
  is_whale: false,
  is_notable: false,
  is_kol: false,
  is_wash: false,
  funder: null,
  group_id: null,
  first_buy_slot: 270_000_001,
  first_buy_at: 1_717_200_000_400,
  bought_sol: 1.5,
  sold_sol: 0,
};
const oracle: OracleRow[] = [{ mint: 'MintA', launch_type: 'organic', rug_probability: 0.25 }];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'open-dataset-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = await mkdtemp(join(root, 'ds-'));
  manifest = await writeTestDataset(dir, { tokens, ticks, oracle });
});

async function openError(path: string, options = {}): Promise<DatasetError> {
  const error = await openDataset(path, options).then(
    async (store) => {
      await store.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}

describe('openDataset', () => {
  it('loads the public tables and gives their rows back', async () => {
    const store = await openDataset(dir);
    expect(store.manifest).toEqual(manifest);
    expect(await store.tokenByMint('MintB')).toEqual(tokens[1]);
    expect(await store.all('SELECT * FROM ticks ORDER BY "at"')).toEqual(ticks);
    expect(store.tables.has('oracle')).toBe(false);
    await expect(store.all('SELECT * FROM oracle')).rejects.toMatchObject({ code: 'query_failed' });
    await store.close();
  });

  it('opens DuckDB with the allocator returning freed memory (RETURN_FREED_MEMORY)', async () => {
    const store = await openDataset(dir);
    const [setting] = await store.all(`SELECT current_setting('allocator_background_threads') AS on`);
    expect(setting).toEqual({ on: true });
    await store.close();
  });

  it('looks tokens up by mint with every value exact, awkward doubles included', async () => {
    const awkward = [0.1 + 0.2, 1e-300, 123_456_789.123_456_79, 5e-324, -0, 1.7976931348623157e308];
    const rows = awkward.map((x, i) =>
      tokenRow({
        mint: `Odd${i}`,
        price_at_analysis_usd: x,
        mcap_at_analysis_usd: x / 3,
        created_at: 1_717_200_000_001 + i,
      }),
    );
    const oddDir = await mkdtemp(join(root, 'odd-'));
    await writeTestDataset(oddDir, { tokens: rows });
    const store = await openDataset(oddDir);
    for (const row of rows) {
      const found = await store.tokenByMint(row.mint);
      expect(found).toEqual(row);
      expect(found).toEqual((await store.all('SELECT * FROM tokens WHERE mint = $m', { m: row.mint }))[0]);
    }
    await store.close();
  });

  it('gives address columns back as strings, in file order (holders by mint, then wallet)', async () => {
    const funders = [
      { wallet: 'W3', funder: 'Exchange', funded_at: 1_717_100_000_000, amount_sol: 1 },
      { wallet: 'W1', funder: 'W3', funded_at: 1_717_100_001_000, amount_sol: 2 },
      { wallet: 'W2', funder: 'Exchange', funded_at: 1_717_100_002_000, amount_sol: 3 },
    ];
    const edges = [
      {
        mint: 'MintA',
        wallet_a: 'W2',
        wallet_b: 'W1',
        kind: 'co_buy' as const,
        strength: 1,
        confidence: 0.5,
        evidence: 'x',
      },
    ];
    const addrDir = await mkdtemp(join(root, 'addr-'));
    const holders = [holder, { ...holder, wallet: 'W1', funder: 'W3' }];
    const written = await writeTestDataset(addrDir, { tokens, funders, edges, holders });
    expect(written.tables.addresses.rows).toBe(5);
    const store = await openDataset(addrDir);
    expect(await store.all('SELECT * FROM funders')).toEqual(funders);
    expect(await store.all('SELECT * FROM edges')).toEqual(edges);
    // The identity index writes holders in (mint, wallet) order, the order the indexer's files
    // have; this file was written unsorted.
    expect(await store.all('SELECT * FROM holders')).toEqual([holders[1], holders[0]]);
    expect(
      await store.all("SELECT * FROM duckdb_tables() WHERE table_name LIKE '\\_\\_%' ESCAPE '\\'"),
    ).toEqual([]);
    await store.close();
  });

  it('keeps outcomes in settlement order, ties in mint order, so a window of settlements is a run of rows', async () => {
    const at = 1_717_200_000_000;
    const mints = ['MintA', 'MintB', 'MintC', 'MintD'];
    const settledDir = await mkdtemp(join(root, 'settled-'));
    // The file is written in mint order; D settles first, A and C together, B last.
    const outcomes = [3, 9, 3, 1].map((days, i) =>
      outcomeRow({ mint: mints[i], rugged: i % 2 === 0, settled_at: at + days * 86_400_000 }, at),
    );
    await writeTestDataset(settledDir, {
      tokens: mints.map((mint, i) => tokenRow({ mint, analyzed_at: at + i })),
      outcomes,
    });
    const store = await openDataset(settledDir);
    const stored = await store.all<{ mint: string }>('SELECT mint FROM base.main.outcomes');
    expect(stored.map((r) => r.mint)).toEqual(['MintD', 'MintA', 'MintC', 'MintB']);
    expect(await store.all('SELECT * FROM outcomes ORDER BY mint')).toEqual(outcomes);
    await store.close();
  });

  it('gives back mints that are not tokens too', async () => {
    const holders = [holder, { ...holder, mint: 'NotAToken', wallet: 'W9' }];
    const oddDir = await mkdtemp(join(root, 'not-token-'));
    await writeTestDataset(oddDir, { tokens, holders });
    const store = await openDataset(oddDir);
    expect(await store.all('SELECT * FROM holders')).toEqual(holders);
    await store.close();
  });

  it('opens the oracle only when asked', async () => {
    const store = await openDataset(dir, { includeOracle: true });
    expect(await store.all('SELECT * FROM oracle')).toEqual(oracle);
    await store.close();
  });

  it('takes rows added at run time into the same tables', async () => {
    const store = await openDataset(dir);
    expect(await indexIsCurrent(store, store.identityIndex!)).toBe(true);
    await store.appendRows('tokens', [tokenRow({ mint: 'MintLive', analyzed_at: 1_717_300_000_000 })]);
    // The served identity index covers the base only: an appended token makes it out of date.
    expect(await indexIsCurrent(store, store.identityIndex!)).toBe(false);
    const rows = await store.all<{ mint: string }>('SELECT mint FROM tokens ORDER BY analyzed_at');
    expect(rows.map((r) => r.mint)).toEqual(['MintA', 'MintB', 'MintLive']);
    expect((await store.tokenByMint('MintLive'))?.analyzed_at).toBe(1_717_300_000_000);
    await store.close();
  });

  it('verifies file hashes when asked', async () => {
    const store = await openDataset(dir, { verifyHashes: true });
    await store.close();
  });
});

describe('openDataset errors name the file at fault', () => {
  it('dataset_missing: no such folder', async () => {
    const missing = join(root, 'does-not-exist');
    const error = await openError(missing);
    expect(error.code).toBe('dataset_missing');
    expect(error.message).toContain(missing);
  });

  it('manifest_missing: a folder without manifest.json', async () => {
    await unlink(join(dir, 'manifest.json'));
    const error = await openError(dir);
    expect(error.code).toBe('manifest_missing');
    expect(error.message).toContain(join(dir, 'manifest.json'));
  });

  it('manifest_invalid: not JSON', async () => {
    await writeFile(join(dir, 'manifest.json'), '{"format_version": 1,');
    const error = await openError(dir);
    expect(error.code).toBe('manifest_invalid');
    expect(error.message).toContain(join(dir, 'manifest.json'));
  });

  it('manifest_invalid: JSON that is not a manifest, with the field at fault', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, source: 'testnet' }));
    const error = await openError(dir);
    expect(error.code).toBe('manifest_invalid');
    expect(error.message).toContain(join(dir, 'manifest.json'));
    expect(error.message).toContain('source');
  });

  it('format_unsupported: a folder written in the old format, naming the manifest and how to rebuild', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, format_version: 1 }));
    const error = await openError(dir);
    expect(error.code).toBe('format_unsupported');
    expect(error.message).toContain(join(dir, 'manifest.json'));
    expect(error.message).toContain('format 1');
    expect(error.message).toContain('rebuild');
  });

  it('table_missing: addresses.parquet deleted', async () => {
    await unlink(join(dir, 'addresses.parquet'));
    const error = await openError(dir);
    expect(error.code).toBe('table_missing');
    expect(error.message).toContain(join(dir, 'addresses.parquet'));
  });

  it('table_invalid: address ids beyond addresses.parquet', async () => {
    manifest = await writeTestDataset(dir, { tokens, holders: [holder] });
    const path = join(dir, 'holders.parquet');
    const scratch = await openMemoryStore();
    await scratch.all(
      `COPY (SELECT * REPLACE (wallet + ${manifest.tables.addresses.rows} AS wallet) FROM read_parquet('${path}')) ` +
        `TO '${path}.new' (FORMAT parquet)`,
    );
    await scratch.close();
    await rename(`${path}.new`, path);
    const holders = { ...manifest.tables.holders, bytes: (await stat(path)).size };
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({ ...manifest, tables: { ...manifest.tables, holders } }),
    );
    const error = await openError(dir);
    expect(error.code).toBe('table_invalid');
    expect(error.message).toContain(path);
    expect(error.message).toContain('wallet');
  });

  it('table_missing: a table file deleted', async () => {
    await unlink(join(dir, 'holders.parquet'));
    const error = await openError(dir);
    expect(error.code).toBe('table_missing');
    expect(error.message).toContain(join(dir, 'holders.parquet'));
  });

  it('table_missing: a table the manifest does not list', async () => {
    const { positions: _dropped, ...rest } = manifest.tables;
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, tables: rest }));
    const error = await openError(dir);
    expect(error.code).toBe('table_missing');
    expect(error.message).toContain('positions');
    expect(error.message).toContain(join(dir, 'manifest.json'));
  });

  it('a missing oracle only matters when the oracle is asked for', async () => {
    await unlink(join(dir, 'oracle.parquet'));
    const store = await openDataset(dir);
    await store.close();
    const error = await openError(dir, { includeOracle: true });
    expect(error.code).toBe('table_missing');
    expect(error.message).toContain(join(dir, 'oracle.parquet'));
  });

  it('table_corrupt: a truncated file', async () => {
    await truncate(join(dir, 'tokens.parquet'), 100);
    const error = await openError(dir);
    expect(error.code).toBe('table_corrupt');
    expect(error.message).toContain(join(dir, 'tokens.parquet'));
  });

  it('table_corrupt: a file of the right size that is not Parquet', async () => {
    const path = join(dir, 'ticks.parquet');
    await writeFile(path, Buffer.alloc(manifest.tables.ticks.bytes, 'x'));
    const error = await openError(dir);
    expect(error.code).toBe('table_corrupt');
    expect(error.message).toContain(path);
  });

  it('table_corrupt: one changed byte is caught by the hash check', async () => {
    const path = join(dir, 'tokens.parquet');
    const bytes = await readFile(path);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(path, bytes);
    const error = await openError(dir, { verifyHashes: true });
    expect(error.code).toBe('table_corrupt');
    expect(error.message).toContain(path);
    expect(error.message).toContain('SHA-256');
  });

  it('table_invalid: a readable Parquet file with another table’s columns', async () => {
    const tokensFile = await readFile(join(dir, 'tokens.parquet'));
    await writeFile(join(dir, 'kols.parquet'), tokensFile);
    const tables = { ...manifest.tables, kols: { ...manifest.tables.tokens, file: 'kols.parquet' } };
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, tables }));
    const error = await openError(dir);
    expect(error.code).toBe('table_invalid');
    expect(error.message).toContain(join(dir, 'kols.parquet'));
    expect(error.message).toContain('handle');
  });

  it('table_invalid: a tokens file with a mint twice', async () => {
    const path = join(dir, 'tokens.parquet');
    const scratch = await openMemoryStore();
    await scratch.appendRows('tokens', tokens);
    await scratch.all(
      `COPY (SELECT * FROM tokens UNION ALL SELECT * FROM tokens) TO '${path}' (FORMAT parquet)`,
    );
    await scratch.close();
    const entry = { ...manifest.tables.tokens, rows: 4, bytes: (await stat(path)).size };
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({ ...manifest, tables: { ...manifest.tables, tokens: entry } }),
    );
    const error = await openError(dir);
    expect(error.code).toBe('table_invalid');
    expect(error.message).toContain(path);
  });
});
