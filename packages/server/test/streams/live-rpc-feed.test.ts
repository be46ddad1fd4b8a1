import { openMemoryStore } from '@launchlens/engine/store';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { launchLedger, MINT } from '../../../indexer/test/rpc/launch-ledger.js';
import { type ReplayServer, startReplayServer } from '../../../indexer/test/rpc/replay-server.js';
import type { LoggedEvent } from '../../src/live/event-log.js';
import type { LiveFeed } from '../../src/live/live-feed.js';
import { openSqliteEventLog } from '../../src/live/sqlite-event-log.js';
import { startRpcLiveFeed } from '../../src/live/start-rpc-live-feed.js';

let server: ReplayServer | null = null;
let feed: LiveFeed | null = null;
afterEach(async () => {
  await feed?.stop();
  await server?.close();
});

test('LIVE_FEED=rpc: a launch replayed by a loopback JSON-RPC server is appended to the store and published as a migration', async () => {
  const { ledger } = launchLedger();
  server = await startReplayServer(ledger);
  const store = await openMemoryStore();
  const log = openSqliteEventLog(':memory:');
  const manifest = { ...store.manifest };
  const heard: LoggedEvent[] = [];
  const migrated = new Promise<void>((resolve) =>
    log.subscribe((events) => {
      heard.push(...events);
      if (events.some((e) => e.stream === 'migrations')) resolve();
    }),
  );
  feed = await startRpcLiveFeed({
    store,
    manifest,
    log,
    logger: pino({ level: 'silent' }),
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    solUsd: 150,
    flushMs: 20,
  });
  await server.waitForSubscriptions(2);
  server.play();
  await migrated;

  const migration = heard.find((e) => e.stream === 'migrations')!;
  expect(migration.payload).toMatchObject({
    mint: MINT,
    symbol: 'RCAT',
    platform: 'pumpfun',
    rug_risk: null,
  });
  expect(heard.filter((e) => e.stream === 'wallets').length).toBeGreaterThan(5);
  const [row] = await store.all<{ n: number }>('SELECT count(*)::INT AS n FROM tokens WHERE mint = $m', {
    m: MINT,
  });
  expect(row.n).toBe(1);
  expect(Date.parse(manifest.current_through)).toBeGreaterThan(Date.parse(store.manifest.current_through));
  await feed.stop();
  feed = null;
  await log.close();
  await store.close();
}, 60_000);
