/**
 * The server under benchmark, run as a child process by `http-harness.ts`: the real app on a
 * dataset (`DATASET_DIR`, default `datasets/default`) wired as `main.ts` wires it (plan-aware
 * limiter, warm calibration, the served identity index when `BENCH_IDENTITY_INDEX=1`) with a funded key,
 * and beside it a bare hello-JSON app of the same stack (Hono + @hono/node-server) as the ceiling.
 * Prints one JSON line with the ports, the key and mints to call, then serves until killed.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame, RiskModel } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { DEFAULT_DATASET_DIR } from '@launchlens/indexer';
import {
  createApp,
  createLogger,
  createMemoryRateLimiter,
  createMetrics,
  createRiskContext,
  createTrackRecord,
  DEV_PAY_TO,
  openSqliteLedger,
  openSqlitePredictionLog,
  SOLANA_MAINNET,
  startServer,
  USDC_MINT,
  warmRiskContext,
  withPlanRateLimits,
} from '@launchlens/server';
import { Hono } from 'hono';

const dir = resolve(process.env.DATASET_DIR ?? DEFAULT_DATASET_DIR);
if (!existsSync(join(dir, 'manifest.json'))) {
  process.stderr.write(`no dataset at ${dir}: run pnpm start once, or set DATASET_DIR\n`);
  process.exit(2);
}
const store = await openDataset(dir);
const modelFile = join(dir, 'model.json');
const model = existsSync(modelFile)
  ? RiskModel.parse(JSON.parse(readFileSync(modelFile, 'utf8')))
  : fitRiskModel(await loadRiskFrame(store), { cutoff: Date.parse(store.manifest.current_through) });
const ledgerDir = mkdtempSync(join(tmpdir(), 'bench-ledger-'));
const ledger = openSqliteLedger(join(ledgerDir, 'ledger.sqlite'));
const key = await ledger.createKey({ credits: 1_000_000_000, at: Date.now() });
const risk = createRiskContext(compileModel(model));
// A long-running server warms the day's calibration at start (main.ts).
// Scenarios of routes that never read it skip it (BENCH_WARM_SCREENS=0) to start sooner.
if (process.env.BENCH_WARM_SCREENS !== '0') await warmRiskContext(store, risk, Date.now());
const identityIndex = process.env.BENCH_IDENTITY_INDEX === '1' ? store.identityIndex : undefined;
// Raised so every request does the full work instead of stopping at 429.
const limiter = () => createMemoryRateLimiter({ points: 1_000_000_000, windowS: 60 });
// The prediction log in the ledger's file, as main.ts wires it (BENCH_TRACK_RECORD=1).
const trackRecord =
  process.env.BENCH_TRACK_RECORD === '1'
    ? createTrackRecord({ log: openSqlitePredictionLog(join(ledgerDir, 'ledger.sqlite')) })
    : undefined;
const app = createApp({
  store,
  manifest: store.manifest,
  ledger,
  limiter: withPlanRateLimits(limiter(), { ledger, now: Date.now, limitOf: () => null, limiterFor: limiter }),
  logger: createLogger('info', '/dev/null'),
  metrics: createMetrics(),
  x402: { payTo: DEV_PAY_TO, feePayer: null, network: SOLANA_MAINNET, asset: USDC_MINT },
  risk,
  identityIndex: () => identityIndex,
  trackRecord,
  now: Date.now,
  newRequestId: randomUUID,
});

const hello = {
  message: 'hello',
  items: Array.from({ length: 35 }, (_, i) => ({
    id: i,
    name: `item-${i}`,
    value: i * 1.5,
    tags: ['a', 'b', 'c'],
  })),
};
const helloApp = new Hono()
  .get('/hello', (c) => c.json(hello))
  // CPU time of this process (both servers), so the harness can report CPU per request.
  .get('/cpu', (c) => {
    const u = process.cpuUsage();
    return c.json({ us: u.user + u.system });
  });

const mints = (
  await store.all<{ mint: string }>(
    'SELECT mint FROM tokens WHERE NOT skipped ORDER BY analyzed_at DESC LIMIT 500',
  )
).map((r) => r.mint);
const main = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
const bare = await startServer({ fetch: helloApp.fetch, port: 0, hostname: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ app: main.url, hello: bare.url, key: key.secret, mints, hello_bytes: JSON.stringify(hello).length, launches: store.manifest.launches })}\n`,
);
process.on('SIGTERM', async () => {
  await Promise.all([main.stop(), bare.stop()]);
  await trackRecord?.log.close();
  await ledger.close();
  rmSync(ledgerDir, { recursive: true, force: true });
  process.exit(0);
});
