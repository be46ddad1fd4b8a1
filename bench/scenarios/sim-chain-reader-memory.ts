/**
 * Memory of the simulated chain reader (`changes`, `exit`, `analyze`) over a simulated world of
 * 2,400 and of 24,000 launches (seed 42, 200 a day, ending 2026-11-01): each size in its own
 * process, the reader replays the whole history (`ready()`), then the JS heap after a full GC and
 * the RSS are taken, and 200 holder reads time the per-call cost. Both the heap retained and the
 * RSS should not grow with the launch count. Run: `pnpm tsx --expose-gc bench/scenarios/sim-chain-reader-memory.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from '@launchlens/engine';
import { defaultKnownWalletsPath, loadKnownWallets, replayLaunches } from '@launchlens/indexer';
import { createSimChainReader } from '@launchlens/server';
import { quantile, report } from '../scenario-result.js';

const END = Date.parse('2026-11-01T00:00:00Z');
const DAY_MS = 86_400_000;
const SIZES = [2_400, 24_000];

interface Measured {
  launches: number;
  replay_s: number;
  heap_mb: number;
  rss_mb: number;
  peak_rss_mb: number;
  holders_p50_ms: number;
}

async function measure(launches: number): Promise<Measured> {
  const knownExchanges = loadKnownWallets(defaultKnownWalletsPath()).filter((k) => k.kind === 'exchange');
  const historyFrom = END - (launches / 200) * DAY_MS;
  const manifest = {
    source: 'sim',
    seed: 42,
    launches,
    history_from: new Date(historyFrom).toISOString(),
    current_through: new Date(END).toISOString(),
  } as Manifest;
  const stateDir = mkdtempSync(join(tmpdir(), 'sim-chain-memory-'));
  const options = { manifest, knownExchanges, at: END, stateDir };
  const reader = createSimChainReader(options);
  const started = performance.now();
  const n = await reader.ready();
  const replay_s = (performance.now() - started) / 1000;
  // Mints to read: every 10th of the first 2,000 launches (replayed again, before the GC).
  const mints: string[] = [];
  for (const l of replayLaunches({ launches, seed: 42, end: END, days: launches / 200, knownExchanges })) {
    if (l.ordinal >= 2_000) break;
    if (l.ordinal % 10 === 0) mints.push(l.events().find((e) => e.kind === 'create')!.mint);
  }
  globalThis.gc?.();
  globalThis.gc?.();
  const heap_mb = process.memoryUsage().heapUsed / 1e6;
  const rss_mb = process.memoryUsage().rss / 1e6;
  const times: number[] = [];
  for (const mint of mints) {
    const t = performance.now();
    await reader.holders(mint);
    times.push(performance.now() - t);
  }
  rmSync(stateDir, { recursive: true, force: true });
  if (n !== launches) throw new Error(`replayed ${n} of ${launches} launches`);
  return {
    launches,
    replay_s,
    heap_mb,
    rss_mb,
    peak_rss_mb: process.resourceUsage().maxRSS / 1e3,
    holders_p50_ms: quantile(times, 0.5),
  };
}

if (process.argv[2] !== undefined) {
  process.stdout.write(`${JSON.stringify(await measure(Number(process.argv[2])))}\n`);
} else {
  const results: Measured[] = [];
  for (const size of SIZES) {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), String(size)],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`the ${size}-launch run failed: ${run.stderr}`);
    results.push(JSON.parse(run.stdout.trim().split('\n').at(-1)!));
  }
  const [small, large] = results;
  const fmt = (m: Measured) =>
    `${m.launches} launches: replay ${m.replay_s.toFixed(1)} s, heap ${m.heap_mb.toFixed(0)} MB, RSS ${m.rss_mb.toFixed(0)} MB (peak ${m.peak_rss_mb.toFixed(0)} MB), holders p50 ${m.holders_p50_ms.toFixed(2)} ms`;
  report({
    name: 'sim-chain-reader-memory',
    metric: 'JS heap after the replay, 24k ÷ 2.4k launches',
    unit: '×',
    value: large.heap_mb / small.heap_mb,
    target: 'does not grow with the launch count (≈ 1×)',
    notes: `${fmt(small)}; ${fmt(large)}`,
  });
}
