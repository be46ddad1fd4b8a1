import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataset } from '@launchlens/engine/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultKnownWalletsPath } from '../../src/repo-paths.js';
import type { HolderCheck } from '../../src/rpc/check-holders.js';
import { readCursorFile } from '../../src/rpc/cursor-file.js';
import { runIndex } from '../../src/rpc/run-index.js';
import type { RpcFeed } from '../../src/rpc/start-rpc-feed.js';
import { launchLedger, MINT, WALLETS } from './launch-ledger.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';
import { waitFor } from './wait-for.js';

let server: ReplayServer;
let out: string;
beforeEach(async () => {
  server = await startReplayServer(launchLedger().ledger);
  out = await mkdtemp(join(tmpdir(), 'launchlens-index-'));
});
afterEach(async () => {
  await server.close();
  await rm(out, { recursive: true, force: true });
});

const common = () => ({
  rpcUrl: server.rpcUrl,
  out,
  solUsd: 150,
  knownWalletsPath: defaultKnownWalletsPath(),
  client: { ratePerS: 1000, backoff: { baseMs: 5, capMs: 20 } },
});

/** A live run that stops once `n` notifications were ingested and `play` has been sent. */
async function liveRun(play: () => void, n: number, extra: Record<string, unknown> = {}) {
  let feed: RpcFeed | null = null;
  let stop: () => void = () => {};
  const until = new Promise<void>((r) => {
    stop = r;
  });
  const run = runIndex({
    ...common(),
    wsUrl: server.wsUrl,
    source: { idleFlushMs: 100, holders: 'off' },
    until,
    onStart: (f) => {
      feed = f;
    },
    ...extra,
  });
  await waitFor('the feed', () => feed !== null);
  await feed!.caughtUp;
  await server.waitForSubscriptions(2);
  play();
  await waitFor(`${n} notifications`, () => feed!.stats.notifications >= n);
  stop();
  return { result: await run, stats: feed!.stats };
}

describe('runIndex against the replay server', () => {
  it('resumes from its cursor without duplicating a launch', async () => {
    const { launchSignatures } = launchLedger();
    // Run 1 sees the launch up to the whale's buy and stops before the migration: nothing is written.
    const first = await liveRun(() => server.play(launchSignatures.slice(0, 10)), 10);
    expect(first.result.partition).toBeNull();
    expect(first.stats.launches).toBe(1);
    let cursor = await readCursorFile(join(out, 'cursor.json'));
    expect(cursor.open_mints).toEqual([MINT]);
    expect(cursor.written_mints).toEqual([]);
    expect(cursor.programs['6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P']?.signature).toBe(
      launchSignatures[9],
    );

    // Run 2 backfills the open launch from its create, catches pump.fun up from the cursor and stops at
    // the first migration; the catch-up repeats signatures the backfill already had.
    const second = await runIndex({
      ...common(),
      wsUrl: server.wsUrl,
      maxLaunches: 1,
      source: { holders: 'off' },
    });
    expect(second.partition).toBe(join(out, 'partitions', 'part-000001'));
    expect(second.manifest).toMatchObject({ source: 'mainnet', launches: 1, seed: null });
    expect(second.source.duplicates).toBeGreaterThan(0);
    cursor = await readCursorFile(join(out, 'cursor.json'));
    expect(cursor).toMatchObject({ written_mints: [MINT], open_mints: [], partitions: 1 });

    // Run 3 is fed the whole launch again live: it is skipped as written, and no partition is added.
    const third = await liveRun(() => server.play(), launchSignatures.length);
    expect(third.result.partition).toBeNull();
    expect(third.stats.skippedWritten).toBeGreaterThan(0);
    expect(third.stats.launches).toBe(0);
    expect(await readdir(join(out, 'partitions'))).toEqual(['part-000001']);
    expect((await readCursorFile(join(out, 'cursor.json'))).partitions).toBe(1);

    const store = await openDataset(join(out, 'partitions', 'part-000001'));
    try {
      expect(await store.all('SELECT mint FROM tokens')).toEqual([{ mint: MINT }]);
    } finally {
      await store.close();
    }
  });

  it('a run given a mint backfills it through getSignaturesForAddress, sees the transfer and checks holders', async () => {
    await runIndex({ ...common(), mints: [MINT], source: { holders: 'largest' } });
    const manifest = JSON.parse(
      await readFile(join(out, 'partitions', 'part-000001', 'manifest.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({ source: 'mainnet', generator_version: 'launchlens-rpc/1', launches: 1 });
    const checks = (await readFile(join(out, 'holder-checks.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as HolderCheck);
    expect(checks).toMatchObject([
      { mint: MINT, method: 'largest', compared: 12, matched: 12, differences: [] },
    ]);

    const store = await openDataset(join(out, 'partitions', 'part-000001'));
    try {
      const [token] = await store.all<{ holders: number; top10_pct: number; insiders_pct: number }>(
        'SELECT holders, top10_pct, insiders_pct FROM tokens',
      );
      // With the B1 → B3 transfer seen: 12 holders; top 10 = 6 + 3 + 3 + 2.5 + 2.5 + 2 + 1.5 + 1 + 1 + 1.
      expect(token!.holders).toBe(12);
      expect(token!.top10_pct).toBeCloseTo(23.5, 9);
      expect(token!.insiders_pct).toBeCloseTo(8, 9);
      const holders = await store.all<{ wallet: string; rank: number; supply_pct: number; group_id: number }>(
        'SELECT wallet, rank, supply_pct, group_id FROM holders WHERE wallet IN ($a, $b)',
        { a: WALLETS.b1, b: WALLETS.b3 },
      );
      expect(holders.sort((x, y) => x.rank - y.rank)).toEqual([
        { wallet: WALLETS.b1, rank: 6, supply_pct: 2, group_id: 1 },
        { wallet: WALLETS.b3, rank: 11, supply_pct: 1, group_id: 1 },
      ]);
      const edges = await store.all<{ kind: string }>(
        "SELECT kind FROM edges WHERE kind = 'transfer' AND wallet_a = $a AND wallet_b = $b",
        { a: WALLETS.b1, b: WALLETS.b3 },
      );
      expect(edges).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
