import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  type FunderRow,
  type HolderRow,
  type KolTradeRow,
  Manifest,
  type TickRow,
  type TokenRow,
} from '@launchlens/engine';
import { DATASET_TABLES, type OracleRow, TABLE_NAMES, temporaryBuildName } from '@launchlens/engine/internal';
import {
  ADDRESS_TABLE,
  DATASET_FORMAT_VERSION,
  DatasetError,
  openDataset,
  storedColumnsOf,
} from '@launchlens/engine/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexerError } from '../indexer-error.js';
import {
  createDatasetWriter,
  type DatasetInfo,
  type DatasetWriter,
  WRITE_STEPS,
} from './create-dataset-writer.js';
import { KEYED_SLOTS } from './string-dictionary.js';

const INFO: DatasetInfo = {
  source: 'sim',
  generator_version: 'writer-test',
  seed: 7,
  launches: 3,
  history_from: '2024-06-01T00:00:00.000Z',
  complete_since: '2024-06-01T00:00:00.000Z',
  current_through: '2024-07-01T00:00:00.000Z',
  ticks_retention: { full_resolution_from: '2024-06-29T00:00:00.000Z', resolution_s: 5, note: 'test' },
};
const T0 = 1_717_200_000_000;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dataset-writer-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function token(mint: string, i: number): TokenRow {
  return {
    mint,
    platform: i % 2 ? 'letsbonk' : 'pumpfun',
    name: i === 1 ? null : `Token ${i}`,
    symbol: i === 2 ? null : `T${i}`,
    creator: `Creator${i}`,
    created_at: T0 + i * 60_000,
    created_slot: 270_000_000 + i,
    analyzed_at: T0 + i * 60_000 + 1_234,
    analyzed_slot: 270_001_000 + i,
    pool: i === 0 ? null : `Pool${i}`,
    mcap_at_analysis_usd: 60_000 + i * 0.125,
    price_at_analysis_usd: i === 2 ? null : 0.00006 + i * 1e-9,
    liquidity_at_analysis_usd: 18_000.5,
    sol_usd_at_analysis: 165.25,
    holders: 100 + i,
    top1_pct: i === 0 ? null : 3.5,
    top10_pct: 21.75,
    snipers_n: i,
    snipers_pct: 1.5 * i,
    block0_snipers_n: 1,
    insiders_n: 2,
    insiders_pct: 0.5,
    bundle_n: 0,
    bundled_pct: 0,
    fresh_n: 3,
    fresh_pct: 1,
    early_n: 4,
    early_pct: 2,
    groups_n: 1,
    groups_pct: 0.25,
    whales_n: 0,
    kols_n: 1,
    dev_pct: 2.5,
    dev_sold: i === 1,
    mint_authority: i === 2 ? null : 'revoked',
    freeze_authority: i === 1 ? 'active' : null,
    lp_state: i === 0 ? 'burned' : null,
    tx_analyzed: 1_000 + i,
    fee_cost_sol: 0.25,
    scalp_score: 0.125,
    wash_share: 0.0625,
    skipped: i === 2,
    skip_reason: i === 2 ? 'holder data lacking' : null,
  };
}

/** 5,000 holders over three chunks, with nulls in some chunks only (validity must not leak between chunks). */
function holders(): HolderRow[] {
  return Array.from({ length: 5_000 }, (_, i) => ({
    mint: `Mint${i % 3}`,
    wallet: `Wallet${String(4_999 - i).padStart(5, '0')}`,
    rank: i > 4_500 ? null : i + 1,
    supply_pct: i / 1_000,
    sol_balance: i < 100 || i % 7 === 0 ? null : i * 0.5,
    is_creator: i === 0,
    is_sniper: i % 10 === 0,
    is_insider: i % 17 === 0,
    is_bundle: false,
    is_early: i % 2 === 0,
    is_fresh: i % 5 === 0,
    is_whale: i % 97 === 0,
    is_notable: false,
    is_kol: i === 42,
    is_wash: i % 33 === 0,
    funder: i < 2_048 ? null : `Funder${i % 7}`,
    group_id: i % 4 === 0 ? i % 9 : null,
    first_buy_slot: i === 3 ? null : 270_000_000 + i,
    first_buy_at: i === 3 ? null : T0 + i * 400,
    bought_sol: 1 + i / 8,
    sold_sol: 0,
  }));
}

const ticks: TickRow[] = Array.from({ length: 30 }, (_, i) => ({
  mint: `Mint${i % 2}`,
  at: T0 + 600_000 + i * 5_000,
  price_usd: 0.0001 * (1 + i / 10),
  mcap_usd: 100_000 + i,
  liquidity_usd: 20_000,
}));
const funders: FunderRow[] = [
  { wallet: 'Wallet00002', funder: 'Exchange1', funded_at: T0 - 86_400_000, amount_sol: 2.5 },
  { wallet: 'Wallet00001', funder: 'Exchange1', funded_at: T0 - 3_600_000, amount_sol: 0.5 },
];
const kolTrades: KolTradeRow[] = [
  {
    id: 'sig-b',
    wallet: 'Kol1',
    mint: 'Mint0',
    side: 'SELL',
    sol: 3,
    realized_sol: 1.5,
    roi_pct: 50,
    entry_mcap_usd: null,
    at: T0 + 700_000,
  },
  {
    id: 'sig-a',
    wallet: 'Kol1',
    mint: 'Mint0',
    side: 'BUY',
    sol: 2,
    realized_sol: 0,
    roi_pct: null,
    entry_mcap_usd: 61_000,
    at: T0 + 650_000,
  },
];
const oracle: OracleRow[] = [
  { mint: 'Mint1', launch_type: 'rug', rug_probability: 0.9 },
  { mint: 'Mint0', launch_type: 'organic', rug_probability: 0.2 },
];

function writeAll(writer: DatasetWriter, holderRows: HolderRow[] = holders()): void {
  const tokens = writer.table('tokens');
  for (const [i, mint] of ['Mint2', 'Mint0', 'Mint1'].entries()) tokens.append(token(mint, i));
  for (const row of holderRows) writer.table('holders').append(row);
  for (const row of ticks) writer.table('ticks').append(row);
  for (const row of funders) writer.table('funders').append(row);
  for (const row of kolTrades) writer.table('kol_trades').append(row);
  for (const row of oracle) writer.table('oracle').append(row);
}

async function writeDataset(
  dir: string,
  holderRows?: HolderRow[],
  threads?: number,
  dictionaryWindow?: number,
): Promise<Manifest> {
  const writer = await createDatasetWriter(dir, { threads, dictionaryWindow });
  writeAll(writer, holderRows);
  return writer.finish(INFO);
}

/** Sorts like the writer: by the table's sortBy columns. */
function sortedBy<R extends object>(rows: readonly R[], keys: readonly string[]): R[] {
  const value = (r: R, k: string) => (r as Record<string, string | number>)[k];
  return [...rows].sort((a, b) => {
    for (const k of keys) {
      if (value(a, k) < value(b, k)) return -1;
      if (value(a, k) > value(b, k)) return 1;
    }
    return 0;
  });
}

describe('createDatasetWriter', () => {
  it('round-trips every row through Parquet and the store, nulls and timestamps included', async () => {
    const dir = join(root, 'round-trip');
    await writeDataset(dir);
    const store = await openDataset(dir, { includeOracle: true });
    try {
      const tokens = ['Mint2', 'Mint0', 'Mint1'].map((mint, i) => token(mint, i));
      expect(await store.all('SELECT * FROM tokens')).toEqual(sortedBy(tokens, DATASET_TABLES.tokens.sortBy));
      // The serving store keeps holders in mint order, then file order (wallet, mint).
      expect(await store.all('SELECT * FROM holders')).toEqual(sortedBy(holders(), ['mint', 'wallet']));
      expect(await store.all('SELECT * FROM ticks')).toEqual(sortedBy(ticks, DATASET_TABLES.ticks.sortBy));
      expect(await store.all('SELECT * FROM funders')).toEqual(sortedBy(funders, ['wallet']));
      expect(await store.all('SELECT * FROM kol_trades')).toEqual(sortedBy(kolTrades, ['at', 'id']));
      expect(await store.all('SELECT * FROM oracle')).toEqual(sortedBy(oracle, ['mint']));
      expect(await store.tokenByMint('Mint1')).toEqual(token('Mint1', 2));
      expect(await store.all('SELECT * FROM edges')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('writes a manifest whose rows, sizes and hashes match the files', async () => {
    const dir = join(root, 'manifest');
    const manifest = await writeDataset(dir);
    const onDisk = Manifest.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
    expect(onDisk).toEqual(manifest);
    const names = [ADDRESS_TABLE.name, ...TABLE_NAMES];
    expect(Object.keys(manifest.tables)).toEqual(names);
    expect(manifest).toMatchObject({ ...INFO, format_version: DATASET_FORMAT_VERSION });
    expect(manifest.tables.holders.rows).toBe(5_000);
    expect(manifest.tables.edges.rows).toBe(0);
    // 5,000 holder wallets and 3 mints: funders, token creators and pools, KOL trades are not
    // address columns.
    expect(manifest.tables.addresses.rows).toBe(5_003);
    const hashes: string[] = [];
    for (const name of names) {
      const bytes = await readFile(join(dir, `${name}.parquet`));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(manifest.tables[name]).toEqual({
        file: `${name}.parquet`,
        rows: manifest.tables[name].rows,
        bytes: bytes.length,
        sha256,
      });
      hashes.push(sha256);
    }
    expect(manifest.content_hash).toBe(createHash('sha256').update(hashes.join('')).digest('hex'));
    expect((await readdir(dir)).sort()).toEqual(
      [...names.map((n) => `${n}.parquet`), 'manifest.json'].sort(),
    );
  });

  it('tells each step of the final write, from none to all, each file once its manifest entry is recorded', async () => {
    const writer = await createDatasetWriter(join(root, 'progress'));
    writeAll(writer);
    const heard: [number, number, string][] = [];
    const manifest = await writer.finish(INFO, (done, total, step) => {
      heard.push([done, total, step]);
    });
    expect(heard.map(([done]) => done)).toEqual([...Array(WRITE_STEPS + 1).keys()]);
    expect(new Set(heard.map(([, total]) => total))).toEqual(new Set([WRITE_STEPS]));
    const files = heard.slice(2).map(([, , step]) => step);
    expect(files).toEqual(Object.values(manifest.tables).map((t) => t.file));
  });

  it('stores each address once, numbered in address order, and address columns as those ids', async () => {
    const dir = join(root, 'addresses');
    await writeDataset(dir);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRows();
    try {
      const addresses = await rows(`SELECT id, address FROM '${join(dir, 'addresses.parquet')}'`);
      const sorted = addresses.map(([, a]) => String(a)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(addresses).toEqual(sorted.map((a, i) => [i, a]));
      expect(sorted).toContain('Mint2');
      expect(sorted).not.toContain('Exchange1');
      expect(sorted).not.toContain('Creator0');
      const ids = new Map(sorted.map((a, i) => [a, i]));
      const stored = await rows(`SELECT wallet, funder FROM '${join(dir, 'funders.parquet')}'`);
      expect(stored).toEqual([
        [ids.get('Wallet00001'), 'Exchange1'],
        [ids.get('Wallet00002'), 'Exchange1'],
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('writes empty tables as Parquet files with the stored columns and types', async () => {
    const dir = join(root, 'empty');
    const writer = await createDatasetWriter(dir);
    await writer.finish({ ...INFO, launches: 0 });
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      for (const name of TABLE_NAMES) {
        const reader = await connection.runAndReadAll(
          `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${join(dir, `${name}.parquet`)}'))`,
        );
        expect(reader.getRows()).toEqual(storedColumnsOf(DATASET_TABLES[name]).map((c) => [c.name, c.type]));
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('writes byte-identical files for identical rows on any thread count, and different files for different rows', async () => {
    // Past one Parquet row group (122,880 rows) so parallel writing has something to reorder.
    const base = holders();
    const many: HolderRow[] = Array.from({ length: 150_000 }, (_, i) => ({
      ...base[i % 5_000],
      mint: `Mint${i % 997}`,
      wallet: `W${(i * 7_919) % 150_001}`,
      bought_sol: i / 3,
    }));
    const a = await writeDataset(join(root, 'same-a'), many);
    const b = await writeDataset(join(root, 'same-b'), many, 1);
    for (const name of [ADDRESS_TABLE.name, ...TABLE_NAMES]) {
      const bytesA = await readFile(join(root, 'same-a', `${name}.parquet`));
      const bytesB = await readFile(join(root, 'same-b', `${name}.parquet`));
      expect(bytesA.equals(bytesB), name).toBe(true);
    }
    expect(b.content_hash).toBe(a.content_hash);
    const changed = many.map((row, i) => (i === 75_000 ? { ...row, sold_sol: 1 } : row));
    const c = await writeDataset(join(root, 'same-c'), changed);
    expect(c.tables.holders.sha256).not.toBe(a.tables.holders.sha256);
    expect(c.tables.tokens.sha256).toBe(a.tables.tokens.sha256);
    // A dictionary that forgets all but 64 strings stages most addresses many times over.
    const d = await writeDataset(join(root, 'same-d'), many, undefined, 64);
    for (const name of [ADDRESS_TABLE.name, ...TABLE_NAMES]) {
      expect(d.tables[name].sha256, name).toBe(a.tables[name].sha256);
      expect(d.tables[name].rows, name).toBe(a.tables[name].rows);
    }
  }, 120_000);

  it('writes the same files when rows come with keys for their keyed columns, slot collisions included', async () => {
    const base = holders();
    const rows: HolderRow[] = Array.from({ length: 20_000 }, (_, i) => ({
      ...base[i % base.length],
      mint: `Mint${i % 97}`,
      wallet: `W${(i * 7_919) % 5_003}`,
      funder: i % 3 === 0 ? null : `F${i % 11}`,
    }));
    const plain = await writeDataset(join(root, 'keyed-a'), rows);
    // Odd numbers take the slot of the even number before them, so keys keep pushing each other out.
    const key = (n: number) => n + (n % 2) * (KEYED_SLOTS - 1);
    const writer = await createDatasetWriter(join(root, 'keyed-b'), {
      keyedColumns: { holders: ['wallet', 'funder'] },
    });
    writeAll(writer, []);
    const table = writer.table('holders');
    for (const row of rows) {
      const funder = row.funder === null ? -1 : key(100_000 + Number(row.funder.slice(1)));
      table.append(row, [key(Number(row.wallet.slice(1))), funder]);
    }
    const keyed = await writer.finish(INFO);
    for (const name of [ADDRESS_TABLE.name, ...TABLE_NAMES]) {
      expect(keyed.tables[name].sha256, name).toBe(plain.tables[name].sha256);
    }
  });

  it('builds in a temporary sibling folder and only then replaces the target', async () => {
    const parent = join(root, 'swap');
    const dir = join(parent, 'dataset');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'old.txt'), 'previous dataset');
    const writer = await createDatasetWriter(dir);
    writeAll(writer);
    expect(await readdir(dir)).toEqual(['old.txt']);
    await writer.finish(INFO);
    expect(await readdir(parent)).toEqual(['dataset']);
    expect(await readdir(dir)).toContain('manifest.json');
    expect(await readdir(dir)).not.toContain('old.txt');
  });

  it("removes what a killed writer of the same target left beside it, and not a running writer's", async () => {
    const parent = join(root, 'stale');
    const dir = join(parent, 'dataset');
    await mkdir(parent, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = temporaryBuildName('dataset', gone, 'ab12');
    await mkdir(join(parent, stale, '.spill'), { recursive: true });
    const running = await createDatasetWriter(dir);
    const second = await createDatasetWriter(dir);
    expect(await readdir(parent)).not.toContain(stale);
    // Both writers of this process are running: each keeps its own folder.
    expect((await readdir(parent)).filter((n) => n.startsWith('.dataset.'))).toHaveLength(2);
    await running.abort();
    await second.abort();
  });

  it('abort leaves the target as it was and removes the temporary folder', async () => {
    const parent = join(root, 'abort');
    const dir = join(parent, 'dataset');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'old.txt'), 'previous dataset');
    const writer = await createDatasetWriter(dir);
    writeAll(writer);
    await writer.abort();
    expect(await readdir(parent)).toEqual(['dataset']);
    expect(await readdir(dir)).toEqual(['old.txt']);
    expect(() => writer.table('tokens')).toThrow(IndexerError);
  });

  it('refuses an invalid manifest and writes nothing', async () => {
    const parent = join(root, 'invalid');
    await mkdir(parent);
    const writer = await createDatasetWriter(join(parent, 'dataset'));
    writeAll(writer);
    const bad = { ...INFO, source: 'devnet' } as unknown as DatasetInfo;
    const error = await writer.finish(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndexerError);
    expect((error as IndexerError).code).toBe('manifest_invalid');
    expect((error as IndexerError).message).toContain('source');
    expect(await readdir(parent)).toEqual([]);
  });

  it('gives a store error naming the file when a written table file is deleted', async () => {
    const dir = join(root, 'deleted');
    await writeDataset(dir);
    await unlink(join(dir, 'positions.parquet'));
    const error = await openDataset(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).code).toBe('table_missing');
    expect((error as DatasetError).message).toContain(join(dir, 'positions.parquet'));
  });
});
