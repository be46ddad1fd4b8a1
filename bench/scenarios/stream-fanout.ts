/**
 * SSE fan-out on one process (issue 7 acceptance): 1,000 funded keys each hold a
 * `/v1/stream/migrations` connection (clients in a child process); 100 migrations are published
 * at 4 a second (`BENCH_EVENTS`, `BENCH_PER_SECOND`; the live feed's development cadence is about
 * 4 a minute), so every event is debited (`debitOnce`, SQLite file ledger) and delivered 1,000
 * times. Reports the delivery lag p99 (publish → client parsed it), the server's memory per idle
 * subscriber, and the events/s the SQLite event log sustains on its own (one event per
 * transaction, and batches of 100). Run: npx tsx --expose-gc bench/scenarios/stream-fanout.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openMemoryStore } from '@launchlens/engine/store';
import type { NewEvent } from '@launchlens/server';
import {
  createApp,
  createMemoryRateLimiter,
  createMetrics,
  createStreamHub,
  DEV_PAY_TO,
  openSqliteEventLog,
  openSqliteLedger,
  SOLANA_MAINNET,
  startServer,
  USDC_MINT,
} from '@launchlens/server';
import pino from 'pino';
import { quantile, report } from '../scenario-result.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const PER_SECOND = Number(process.env.BENCH_PER_SECOND ?? 4);
const epochNow = () => performance.timeOrigin + performance.now();
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const dir = mkdtempSync(join(tmpdir(), 'bench-streams-'));
const file = join(dir, 'ledger.sqlite');
const ledger = openSqliteLedger(file);
const log = openSqliteEventLog(file);
const store = await openMemoryStore();
const hub = await createStreamHub({ log, ledger, now: Date.now });
const app = createApp({
  store,
  manifest: store.manifest,
  ledger,
  limiter: createMemoryRateLimiter({ points: 1_000_000, windowS: 60 }),
  logger: pino({ level: 'silent' }),
  metrics: createMetrics(),
  x402: { payTo: DEV_PAY_TO, feePayer: null, network: SOLANA_MAINNET, asset: USDC_MINT },
  streams: hub,
  now: Date.now,
  newRequestId: (() => {
    let n = 0;
    return () => `req-${++n}`;
  })(),
});
const server = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });

const keys: string[] = [];
for (let i = 0; i < SUBSCRIBERS; i++)
  keys.push((await ledger.createKey({ credits: 1_000_000, at: 0 })).secret);
writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys));

const migration = (i: number): NewEvent => ({
  stream: 'migrations',
  key: `bench-${i}`,
  at: Date.now(),
  payload: {
    mint: `Bench${String(i).padStart(39, '1')}`,
    symbol: `B${i}`,
    name: `Bench ${i}`,
    analyzed_at: new Date().toISOString(),
    mcap_at_analysis: 85_000,
    platform: 'pumpfun',
    holders: 120,
    insiders: 2,
    snipers: 1,
    skipped: false,
    rug_risk: { verdict: 'critical', rug_probability_pct: 90.1, score: 88 },
    liquidity_at_analysis: 35_000,
    top10_pct: 38.2,
    insiders_pct: 4.1,
    snipers_pct: 1.2,
    sent_ms: epochNow(),
  },
});

gc();
const before = process.memoryUsage();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('../support/stream-clients.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      STREAM_URL: `${server.url}/v1/stream/migrations`,
      KEYS_FILE: join(dir, 'keys.json'),
      EXPECTED: String(EVENTS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: child.stdout! });
const nextLine = () =>
  new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`clients exited with ${code}`)));
  });
await nextLine();
gc();
const idle = process.memoryUsage();
const connected = hub.count('migrations');

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const done = nextLine();
for (let i = 0; i < EVENTS; i++) {
  await log.append([migration(i)]);
  await new Promise((r) => setTimeout(r, 1000 / PER_SECOND));
}
const { lags_ms: lags } = JSON.parse(await done) as { lags_ms: number[] };
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const charges = (await ledger.charges((await ledger.listKeys())[0].id)).length;

hub.close();
await server.stop();

// The log alone: one event per transaction, then batches of 100.
const appendRate = async (batch: number, total: number) => {
  const start = performance.now();
  for (let i = 0; i < total; i += batch) {
    await log.append(
      Array.from({ length: batch }, (_, k) => migration(1_000_000 + batch * 1_000_000 + i + k)),
    );
  }
  return Math.round(total / ((performance.now() - start) / 1000));
};
// BENCH_FANOUT_ONLY=1 skips this part (to profile the fan-out alone).
const fanoutOnly = process.env.BENCH_FANOUT_ONLY === '1';
const single = fanoutOnly ? 0 : await appendRate(1, 5000);
const batched = fanoutOnly ? 0 : await appendRate(100, 50_000);
await log.close();
await ledger.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
report(
  {
    name: 'stream-fanout',
    metric: 'delivery lag p99',
    unit: 'ms',
    value: round(quantile(lags, 0.99)),
    target: '≤ 250 ms',
    notes: `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores at the end; ${connected} subscribers, ${EVENTS} events at ${PER_SECOND}/s, each debited per key (SQLite file ledger); ${lags.length} deliveries in ${round(seconds)} s; p50 ${round(quantile(lags, 0.5))} ms, max ${round(lags.reduce((m, x) => Math.max(m, x), 0))} ms; server CPU ${round((cpu.user + cpu.system) / lags.length)} µs per delivery; ${charges} charges on the first key`,
  },
  {
    name: 'stream-fanout',
    metric: 'memory per idle subscriber',
    unit: 'KB',
    value: round((idle.rss - before.rss) / 1024 / connected),
    notes: `RSS; JS heap ${round((idle.heapUsed - before.heapUsed) / 1024 / connected)} KB per subscriber (after GC), ${connected} connections`,
  },
  {
    name: 'event-log-append',
    metric: 'events/s, one event per transaction',
    unit: 'events/s',
    value: single,
    notes: `SQLite WAL file, synchronous=NORMAL; batches of 100: ${batched} events/s`,
  },
);
process.exit(0);
