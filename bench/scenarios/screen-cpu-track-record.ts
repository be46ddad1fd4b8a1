/**
 * CPU per paid screen call with and without the prediction log, in one process: two apps over the
 * same dataset (each with its own SQLite ledger; one with the log in the ledger's file, as main.ts
 * wires it), called through `app.request()` 50 at a time over 400 mints, in alternating rounds
 * (A B, B A, …). Process CPU time is less sensitive than throughput to other jobs on a shared
 * machine; the HTTP stack's share is left out (the same in both). The first 400 calls of the app
 * with the log append one entry per mint (in the warm-up, not measured).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { DEFAULT_DATASET_DIR } from '@launchlens/indexer';
import {
  createApp,
  createMemoryRateLimiter,
  createMetrics,
  createRiskContext,
  createTrackRecord,
  DEV_PAY_TO,
  openSqliteLedger,
  openSqlitePredictionLog,
  SOLANA_MAINNET,
  USDC_MINT,
  warmRiskContext,
} from '@launchlens/server';
import pino from 'pino';
import { median, report } from '../scenario-result.js';

const ROUNDS = 8;
const CALLS = 10_000;
const store = await openDataset(resolve(process.env.DATASET_DIR ?? DEFAULT_DATASET_DIR));
const model = compileModel(
  fitRiskModel(await loadRiskFrame(store), { cutoff: Date.parse(store.manifest.current_through) }),
);
const mints = (
  await store.all<{ mint: string }>(
    'SELECT mint FROM tokens WHERE NOT skipped ORDER BY analyzed_at DESC LIMIT 400',
  )
).map((r) => r.mint);
const dirs: string[] = [];

async function screenCaller(withLog: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-screen-cpu-'));
  dirs.push(dir);
  const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
  const key = await ledger.createKey({ credits: 1_000_000_000, at: Date.now() });
  const risk = createRiskContext(model);
  await warmRiskContext(store, risk, Date.now());
  const trackRecord = withLog
    ? createTrackRecord({ log: openSqlitePredictionLog(join(dir, 'ledger.sqlite')) })
    : undefined;
  const app = createApp({
    store,
    manifest: store.manifest,
    ledger,
    limiter: createMemoryRateLimiter({ points: 1_000_000_000, windowS: 60 }),
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    x402: { payTo: DEV_PAY_TO, feePayer: null, network: SOLANA_MAINNET, asset: USDC_MINT },
    risk,
    trackRecord,
    now: Date.now,
    newRequestId: () => 'bench',
  });
  const headers = { 'x-api-key': key.secret };
  return {
    trackRecord,
    /** Process CPU µs per call over `n` calls. */
    async run(n: number): Promise<number> {
      const before = process.cpuUsage();
      for (let i = 0; i < n; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, async (_, k) => {
            const res = await app.request(`/v1/screen/${mints[(i + k) % mints.length]}`, { headers });
            await res.arrayBuffer();
          }),
        );
      }
      const used = process.cpuUsage(before);
      return (used.user + used.system) / n;
    },
  };
}

const without = await screenCaller(false);
const withLog = await screenCaller(true);
await without.run(4000);
await withLog.run(4000);
const a: number[] = [];
const b: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    a.push(await without.run(CALLS));
    b.push(await withLog.run(CALLS));
  } else {
    b.push(await withLog.run(CALLS));
    a.push(await without.run(CALLS));
  }
}
const logged = (await withLog.trackRecord!.log.summary()).count;
await withLog.trackRecord!.log.close();
for (const d of dirs) rmSync(d, { recursive: true, force: true });
const round1 = (v: number) => Math.round(v * 10) / 10;
report({
  name: 'screen-cpu-track-record',
  metric: `paid screen CPU per call with the prediction log ÷ without, in process (app.request), median of ${ROUNDS} alternating rounds of ${CALLS}`,
  unit: 'ratio',
  value: Math.round((median(b) / median(a)) * 1000) / 1000,
  target: '≤ 1.03',
  reference: { name: 'CPU per call without the log (µs)', value: round1(median(a)) },
  runs: b.map((v, i) => Math.round((v / a[i]) * 1000) / 1000),
  notes: `with ${round1(median(b))} µs, without ${round1(median(a))} µs a call; rounds with ${b.map(Math.round).join('/')}, without ${a.map(Math.round).join('/')}; ${logged} entries for ${mints.length} mints; ${store.manifest.launches} launches`,
});
process.exit(0);
