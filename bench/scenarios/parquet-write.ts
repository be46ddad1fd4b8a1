/**
 * Parquet writer throughput: 3 M seeded synthetic holder rows (21 columns, nulls included) through
 * `createDatasetWriter` into a temporary folder. Prints one JSON line: writer throughput (the
 * generator's own time subtracted) and peak RSS. Run: `npx tsx bench/scenarios/parquet-write.ts [rows] [--twice]`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HolderRow } from '@launchlens/engine';
import { seededRandom } from '@launchlens/engine/internal';
import { createDatasetWriter } from '@launchlens/indexer';

const ROWS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3_000_000);
const SEED = 20_240_601;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function address(next: () => number): string {
  const chars: string[] = [];
  for (let i = 0; i < 44; i++) chars.push(BASE58[Math.floor(next() * 58)]);
  return chars.join('');
}

/** Calls `emit` for `rows` holder rows: 24k mints of ≈125 holders, wallets drawn from a pool of 400k. */
function generateHolders(rows: number, emit: (row: HolderRow) => void): void {
  const next = seededRandom(SEED);
  const wallets = Array.from({ length: 400_000 }, () => address(next));
  const mints = Array.from({ length: 24_000 }, () => address(next));
  const t0 = 1_717_200_000_000;
  for (let i = 0; i < rows; i++) {
    const rank = i % 125;
    emit({
      mint: mints[Math.floor(i / 125) % mints.length],
      wallet: wallets[Math.floor(next() * wallets.length)],
      rank: next() < 0.2 ? null : rank + 1,
      supply_pct: next() * 10,
      sol_balance: next() < 0.1 ? null : next() * 50,
      is_creator: rank === 0,
      is_sniper: next() < 0.1,
      is_insider: next() < 0.05,
      is_bundle: next() < 0.05,
      is_early: next() < 0.2,
      is_fresh: next() < 0.1,
      is_whale: next() < 0.02,
      is_notable: next() < 0.01,
      is_kol: next() < 0.01,
      is_wash: next() < 0.03,
      funder: next() < 0.3 ? null : wallets[Math.floor(next() * 1000)],
      group_id: next() < 0.7 ? null : Math.floor(next() * 50),
      first_buy_slot: 270_000_000 + i,
      first_buy_at: t0 + i * 400,
      bought_sol: next() * 5,
      sold_sol: next() * 5,
    });
  }
}

const INFO = {
  source: 'sim',
  generator_version: 'bench',
  seed: SEED,
  launches: 24_000,
  history_from: '2024-06-01T00:00:00.000Z',
  complete_since: '2024-06-01T00:00:00.000Z',
  current_through: '2024-07-01T00:00:00.000Z',
  ticks_retention: { full_resolution_from: '2024-06-29T00:00:00.000Z', resolution_s: 5, note: 'bench' },
} as const;

/** Writes the rows once: append time (generation included), finish time and the holders file's hash. */
async function writeOnce(dir: string, threads?: number) {
  const writer = await createDatasetWriter(dir, { memoryLimit: process.env.MEMORY_LIMIT, threads });
  const holders = writer.table('holders');
  const a0 = performance.now();
  generateHolders(ROWS, (row) => holders.append(row));
  const appendMs = performance.now() - a0;
  const f0 = performance.now();
  const manifest = await writer.finish(INFO);
  return { appendMs, finishMs: performance.now() - f0, holders: manifest.tables.holders };
}

const dir = await mkdtemp(join(tmpdir(), 'parquet-write-'));
try {
  let sink = 0;
  const g0 = performance.now();
  generateHolders(ROWS, (row) => {
    sink += row.supply_pct;
  });
  const generateMs = performance.now() - g0;
  if (!(sink > 0)) throw new Error('generator produced nothing');

  const first = await writeOnce(join(dir, 'a'));
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  // `--twice`: a second write with one DuckDB thread must give the same bytes.
  const second = process.argv.includes('--twice') ? await writeOnce(join(dir, 'b'), 1) : null;
  const writerMs = first.appendMs - generateMs + first.finishMs;
  console.log(
    JSON.stringify({
      name: 'parquet-write',
      metric: 'writer throughput',
      unit: 'rows/s',
      value: Math.round(ROWS / (writerMs / 1000)),
      rows: ROWS,
      generate_ms: Math.round(generateMs),
      append_ms: Math.round(first.appendMs),
      finish_ms: Math.round(first.finishMs),
      peak_rss_mb: peakRssMb,
      bytes: first.holders.bytes,
      identical_on_rewrite: second ? second.holders.sha256 === first.holders.sha256 : undefined,
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
