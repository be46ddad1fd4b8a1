import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { type DatasetStore, openDataset } from '@launchlens/engine/store';
import { defaultKnownWalletsPath, loadKnownWallets, REPO_ROOT } from '@launchlens/indexer';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../../src/app/create-app.js';
import { type RunningServer, startServer } from '../../src/app/start-server.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openSqliteLedger } from '../../src/ledger/sqlite-ledger.js';
import { createMemoryRateLimiter } from '../../src/limiter/memory-rate-limiter.js';
import type { EventLog } from '../../src/live/event-log.js';
import type { LiveFeed } from '../../src/live/live-feed.js';
import { openSqliteEventLog } from '../../src/live/sqlite-event-log.js';
import { startSimFeed } from '../../src/live/start-sim-feed.js';
import { createMetrics } from '../../src/metrics/create-metrics.js';
import { createRiskContext } from '../../src/risk/risk-context.js';
import { createStreamHub, type StreamHub } from '../../src/streams/stream-hub.js';
import { openSqlitePredictionLog } from '../../src/track-record/sqlite-prediction-log.js';
import { createTrackRecord, type TrackRecord } from '../../src/track-record/track-record.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../src/x402/x402-settings.js';
import { addr } from '../support/addr.js';
import { pinnedWall } from '../support/pinned-wall.js';
import { openEventSource } from './stream-server.js';

let dir: string;
let store: DatasetStore;
let ledger: Ledger;
let log: EventLog;
let hub: StreamHub;
let feed: LiveFeed;
let server: RunningServer;
let secret: string;
const manifestThrough = { at: '' };
let wallNow: () => number;
let trackRecord: TrackRecord;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'live-sim-'));
  store = await openDataset(join(REPO_ROOT, 'datasets', 'test-small'));
  const cutoff = Date.parse(store.manifest.current_through);
  const risk = createRiskContext(
    compileModel(fitRiskModel(await loadRiskFrame(store), { cutoff, calibrationWindowDays: 14, l2: 1 })),
  );
  ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
  log = openSqliteEventLog(join(dir, 'ledger.sqlite'));
  trackRecord = createTrackRecord({ log: openSqlitePredictionLog(join(dir, 'ledger.sqlite')) });
  const manifest = { ...store.manifest };
  manifestThrough.at = manifest.current_through;
  const logger = pino({ level: 'silent' });
  // The wall clock reads 12 h after the history's end; the world catches up at 600 simulated
  // seconds a second (the history's ≈ 200 launches a day arrive about one a second), for 72 s.
  wallNow = pinnedWall(cutoff + 12 * 3_600_000);
  feed = await startSimFeed({
    wallNow,
    catchUpMs: 12 * 3_600_000,
    store,
    manifest,
    log,
    risk,
    trackRecord,
    logger,
    knownExchanges: loadKnownWallets(defaultKnownWalletsPath()).filter((k) => k.kind === 'exchange'),
    timeFactor: 600,
    tickMs: 50,
  });
  hub = await createStreamHub({ log, ledger, now: wallNow });
  let seq = 0;
  const app = createApp({
    store,
    manifest,
    ledger,
    limiter: createMemoryRateLimiter({ points: 100_000, windowS: 60 }),
    logger,
    metrics: createMetrics(),
    x402: { payTo: addr('pay-to', 1), feePayer: null, network: SOLANA_MAINNET, asset: USDC_MINT },
    risk,
    streams: hub,
    now: wallNow,
    newRequestId: () => `req-${++seq}`,
  });
  server = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  secret = (await ledger.createKey({ credits: 100_000, at: 0 })).secret;
}, 120_000);

afterAll(async () => {
  hub?.close();
  await server?.stop();
  await feed?.stop();
  await log?.close();
  await trackRecord?.log.close();
  await ledger?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The `data` of the first `count` events of `type` on a stream. */
function firstEvents(path: string, type: string, count: number): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const es = openEventSource(`${server.url}${path}`, secret);
    const got: Record<string, unknown>[] = [];
    es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
    es.addEventListener(type, (e) => {
      got.push(JSON.parse(e.data));
      if (got.length === count) {
        es.close();
        resolve(got);
      }
    });
  });
}

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': secret } });
  return { status: res.status, body: await res.json() };
};

test('a launch the simulator migrates after start is streamed, then answered by screen, search and discover without a restart', async () => {
  const [token] = await firstEvents('/v1/stream/migrations', 'migration', 1);
  const mint = token.mint as string;
  expect(Date.parse(token.analyzed_at as string)).toBeGreaterThanOrEqual(Date.parse(manifestThrough.at));
  expect(token.rug_risk).not.toBeNull();

  const screen = await get(`/v1/screen/${mint}`);
  expect(screen.status).toBe(200);
  expect(screen.body).toMatchObject({ mint, _meta: { coverage: 'full', billing: { charged: true } } });
  expect(screen.body.rug_risk.verdict).toBe((token.rug_risk as { verdict: string }).verdict);

  const search = await get(`/v1/search?q=${mint}`);
  expect(search.body.tokens.map((t: { mint: string }) => t.mint)).toEqual([mint]);
  const discover = await get('/v1/discover?hours=24&limit=100');
  expect(discover.body.tokens.map((t: { mint: string }) => t.mint)).toContain(mint);

  const coverage = await get('/v1/coverage');
  expect(Date.parse(coverage.body.current_through)).toBeGreaterThan(Date.parse(manifestThrough.at));
  expect(Date.parse(coverage.body.current_through)).toBeLessThanOrEqual(wallNow());
  expect(coverage.body.tokens_indexed).toBeGreaterThan(400);
}, 60_000);

test('tracked KOLs keep trading in the live world and their trades stream with the KOL named', async () => {
  const [trade] = await firstEvents('/v1/stream/kols', 'kol_trade', 1);
  expect(trade.kol).toMatchObject({ name: expect.any(String) });
  const [kol] = await store.all<{ name: string }>('SELECT name FROM kols WHERE wallet = $w', {
    w: (trade.kol as { wallet: string }).wallet,
  });
  expect(kol.name).toBe((trade.kol as { name: string }).name);
  expect(['BUY', 'SELL']).toContain(trade.side);
}, 60_000);

test('sniper wallets of the history appear in new analyses on the wallets stream, with their roles', async () => {
  const snipers = await store.all<{ wallet: string }>(
    'SELECT wallet FROM holders WHERE is_sniper GROUP BY wallet ORDER BY count(*) DESC, wallet LIMIT 50',
  );
  const watch = snipers.map((s) => s.wallet);
  const [event] = await firstEvents(`/v1/stream/wallets?watch=${watch.join(',')}`, 'wallet', 1);
  expect(watch).toContain(event.wallet);
  expect(event.roles).toContain(event.role);
}, 60_000);

test('no stream event or response is later than the wall clock, and staleness is measured on it', async () => {
  const events = await firstEvents('/v1/stream/migrations', 'migration', 2);
  for (const e of events) expect(Date.parse(e.analyzed_at as string)).toBeLessThanOrEqual(wallNow());
  const mint = events[1].mint as string;
  const screen = await get(`/v1/screen/${mint}`);
  const asOf = Date.parse(screen.body._meta.as_of);
  expect(asOf).toBeLessThanOrEqual(wallNow());
  expect(Date.parse(screen.body.analyzed_at)).toBeLessThanOrEqual(wallNow());
  const expected = Math.round((wallNow() - asOf) / 1000);
  expect(Math.abs(screen.body._meta.staleness_s - expected)).toBeLessThanOrEqual(2);
  expect(feed.now()).toBeLessThanOrEqual(wallNow());
}, 60_000);

test('every migration on the stream has its track-record entry, with the verdict and probability the stream showed', async () => {
  await firstEvents('/v1/stream/migrations', 'migration', 3);
  const events = await log.readAfter('migrations', 0, 10_000);
  expect(events.length).toBeGreaterThanOrEqual(3);
  for (const e of events) {
    const shown = e.payload as {
      mint: string;
      analyzed_at: string;
      rug_risk: Record<string, unknown> | null;
    };
    const entries = await trackRecord.log.ofMint(shown.mint);
    expect(entries, shown.mint).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      published_by: 'live_feed',
      analyzed_at: shown.analyzed_at,
      verdict: shown.rug_risk?.verdict,
      rug_probability_pct: shown.rug_risk?.rug_probability_pct,
      score: shown.rug_risk?.score,
    });
    // Published on the wall clock, never before the analysis it publishes.
    expect(Date.parse(entry.published_at)).toBeGreaterThanOrEqual(Date.parse(entry.analyzed_at));
    expect(Date.parse(entry.published_at)).toBeLessThanOrEqual(wallNow());
  }
}, 60_000);
