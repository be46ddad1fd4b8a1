/**
 * Token lookup by mint through the store: writes a seeded synthetic dataset (24k tokens; optionally
 * N holder rows for the open-time figure) with the indexer's writer, opens it with `openDataset`,
 * times 10k `tokenByMint` calls, then the lookup as a raw DuckDB prepared statement on
 * (a) the store's layout: `token_json` (the row as one JSON text) + ART index on mint, and the
 * whole 45-column row from (b) an in-memory `tokens` table + ART index, (c) the same without the
 * index, (d) a view over the Parquet file. Prints one JSON line; `p50` is the store's.
 * Run: `npx tsx bench/scenarios/store-lookup.ts [holderRows]`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { HolderRow, TokenRow } from '@launchlens/engine';
import { seededRandom, tokenJsonSql } from '@launchlens/engine/internal';
import { openDataset } from '@launchlens/engine/store';
import { createDatasetWriter } from '@launchlens/indexer';
import { quantile } from '../scenario-result.js';

const TOKENS = 24_000;
const LOOKUPS = 10_000;
const HOLDERS = Number(process.argv[2] ?? 0);
const SEED = 424_242;
const WIDE = 'SELECT * FROM tokens WHERE mint = $mint';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function address(next: () => number): string {
  const chars: string[] = [];
  for (let i = 0; i < 44; i++) chars.push(BASE58[Math.floor(next() * 58)]);
  return chars.join('');
}

function syntheticToken(mint: string, i: number, next: () => number): TokenRow {
  const created = 1_700_000_000_000 + i * 90_000;
  const pct = () => Math.round(next() * 10_000) / 100;
  const n = () => Math.floor(next() * 200);
  return {
    mint,
    platform: next() < 0.75 ? 'pumpfun' : 'letsbonk',
    name: next() < 0.02 ? null : `Token ${i}`,
    symbol: next() < 0.02 ? null : `T${i}`,
    creator: address(next),
    created_at: created,
    created_slot: 250_000_000 + i * 225,
    analyzed_at: created + Math.floor(next() * 3_600_000),
    analyzed_slot: 250_000_000 + i * 225 + 100,
    pool: address(next),
    mcap_at_analysis_usd: 50_000 + next() * 30_000,
    price_at_analysis_usd: next() * 1e-4,
    liquidity_at_analysis_usd: 10_000 + next() * 20_000,
    sol_usd_at_analysis: 120 + next() * 80,
    holders: 50 + n(),
    top1_pct: pct(),
    top10_pct: pct(),
    snipers_n: n(),
    snipers_pct: pct(),
    block0_snipers_n: n(),
    insiders_n: n(),
    insiders_pct: pct(),
    bundle_n: n(),
    bundled_pct: pct(),
    fresh_n: n(),
    fresh_pct: pct(),
    early_n: n(),
    early_pct: pct(),
    groups_n: n(),
    groups_pct: pct(),
    whales_n: n(),
    kols_n: n(),
    dev_pct: pct(),
    dev_sold: next() < 0.5,
    mint_authority: next() < 0.9 ? 'revoked' : 'active',
    freeze_authority: next() < 0.9 ? 'revoked' : null,
    lp_state: next() < 0.8 ? 'burned' : null,
    tx_analyzed: 500 + n() * 10,
    fee_cost_sol: next(),
    scalp_score: next(),
    wash_share: next() * 0.2,
    skipped: next() < 0.01,
    skip_reason: null,
  };
}

function syntheticHolder(mint: string, wallet: string, i: number, next: () => number): HolderRow {
  return {
    mint,
    wallet,
    rank: next() < 0.2 ? null : (i % 125) + 1,
    supply_pct: next() * 10,
    sol_balance: next() < 0.1 ? null : next() * 50,
    is_creator: i % 125 === 0,
    is_sniper: next() < 0.1,
    is_insider: next() < 0.05,
    is_bundle: next() < 0.05,
    is_early: next() < 0.2,
    is_fresh: next() < 0.1,
    is_whale: next() < 0.02,
    is_notable: next() < 0.01,
    is_kol: next() < 0.01,
    is_wash: next() < 0.03,
    funder: next() < 0.3 ? null : wallet,
    group_id: next() < 0.7 ? null : Math.floor(next() * 50),
    first_buy_slot: 270_000_000 + i,
    first_buy_at: 1_717_200_000_000 + i * 400,
    bought_sol: next() * 5,
    sold_sol: next() * 5,
  };
}

/** Times `n` sequential awaits of `lookup` over seeded random mints (after n/10 warm-up calls); returns ms per call. */
async function time(
  mints: readonly string[],
  lookup: (mint: string) => Promise<unknown>,
  n = LOOKUPS,
): Promise<number[]> {
  const next = seededRandom(SEED + 1);
  for (let i = 0; i < n / 10; i++) await lookup(mints[Math.floor(next() * mints.length)]);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const mint = mints[Math.floor(next() * mints.length)];
    const t0 = performance.now();
    const found = await lookup(mint);
    ms.push(performance.now() - t0);
    if (!found) throw new Error(`lookup of ${mint} found nothing`);
  }
  return ms;
}

/** A raw DuckDB prepared statement for the store's query over a table set up by `setup`. */
async function rawLookup(
  setup: string[],
  query = WIDE,
  n = LOOKUPS,
): Promise<{ ms: number[]; setupMs: number }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const t0 = performance.now();
  for (const sql of setup) await connection.run(sql);
  const setupMs = performance.now() - t0;
  const statement = await connection.prepare(query);
  const ms = await time(
    mints,
    async (mint) => {
      statement.bindVarchar(1, mint);
      const reader = await statement.runAndReadAll();
      return reader.getRows()[0];
    },
    n,
  );
  statement.destroySync();
  connection.closeSync();
  instance.closeSync();
  return { ms, setupMs };
}

const root = await mkdtemp(join(tmpdir(), 'store-lookup-'));
const dir = join(root, 'dataset');
const next = seededRandom(SEED);
const mints = Array.from({ length: TOKENS }, () => address(next));
try {
  const writer = await createDatasetWriter(dir);
  const tokens = writer.table('tokens');
  for (const [i, mint] of mints.entries()) tokens.append(syntheticToken(mint, i, next));
  if (HOLDERS > 0) {
    const wallets = Array.from({ length: 400_000 }, () => address(next));
    const holders = writer.table('holders');
    for (let i = 0; i < HOLDERS; i++) {
      holders.append(
        syntheticHolder(
          mints[Math.floor(i / 125) % TOKENS],
          wallets[Math.floor(next() * wallets.length)],
          i,
          next,
        ),
      );
    }
  }
  await writer.finish({
    source: 'sim',
    generator_version: 'bench-store-lookup',
    seed: SEED,
    launches: TOKENS,
    history_from: '2023-11-14T22:13:20.000Z',
    complete_since: '2023-11-14T22:13:20.000Z',
    current_through: '2023-11-17T10:13:20.000Z',
    ticks_retention: { full_resolution_from: '2023-11-15T10:13:20.000Z', resolution_s: 5, note: 'bench' },
  });

  const o0 = performance.now();
  const store = await openDataset(dir);
  const openMs = performance.now() - o0;
  const storeMs = await time(mints, (mint) => store.tokenByMint(mint));
  await store.close();

  const file = `'${join(dir, 'tokens.parquet')}'`;
  const packed = await rawLookup(
    [
      `CREATE TABLE tokens AS SELECT * FROM read_parquet(${file})`,
      `CREATE TABLE token_json AS ${tokenJsonSql()}`,
      'CREATE UNIQUE INDEX token_json_mint ON token_json (mint)',
    ],
    'SELECT row FROM token_json WHERE mint = $mint',
  );
  // The wide-row references are slower (≈ 2.7, 5 and 28 ms a call): fewer calls keep the
  // scenario short; their medians are stable at these counts.
  const indexed = await rawLookup(
    [
      `CREATE TABLE tokens AS SELECT * FROM read_parquet(${file})`,
      'CREATE UNIQUE INDEX tokens_mint ON tokens (mint)',
    ],
    WIDE,
    2000,
  );
  const scanned = await rawLookup([`CREATE TABLE tokens AS SELECT * FROM read_parquet(${file})`], WIDE, 500);
  const viewed = await rawLookup([`CREATE VIEW tokens AS SELECT * FROM read_parquet(${file})`], WIDE, 200);

  const round = (v: number) => Math.round(v * 1000) / 1000;
  console.log(
    JSON.stringify({
      name: 'store-lookup',
      unit: 'ms',
      p50: round(quantile(storeMs, 0.5)),
      p99: round(quantile(storeMs, 0.99)),
      raw_p50: round(quantile(packed.ms, 0.5)),
      raw_p99: round(quantile(packed.ms, 0.99)),
      raw_wide_index_p50: round(quantile(indexed.ms, 0.5)),
      raw_wide_no_index_p50: round(quantile(scanned.ms, 0.5)),
      raw_wide_parquet_view_p50: round(quantile(viewed.ms, 0.5)),
      open_ms: Math.round(openMs),
      tokens: TOKENS,
      holders: HOLDERS,
      lookups: LOOKUPS,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
