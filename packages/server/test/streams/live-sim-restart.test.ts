import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataset } from '@launchlens/engine/store';
import { defaultKnownWalletsPath, REPO_ROOT } from '@launchlens/indexer';
import pino from 'pino';
import { expect, test } from 'vitest';
import type { LoggedEvent } from '../../src/live/event-log.js';
import { latestEventAt } from '../../src/live/latest-event-at.js';
import { rowsStreamOf } from '../../src/live/rows-stream-of.js';
import { openSqliteEventLog } from '../../src/live/sqlite-event-log.js';
import { startLiveFeed } from '../../src/live/start-live-feed.js';
import { pinnedWall } from '../support/pinned-wall.js';

const DATASET = join(REPO_ROOT, 'datasets', 'test-small');

/** Resolves once `n` migrations have been appended to the log. */
function migrations(log: ReturnType<typeof openSqliteEventLog>, n: number): Promise<LoggedEvent[]> {
  const seen: LoggedEvent[] = [];
  return new Promise((resolve) => {
    const stop = log.subscribe((events) => {
      seen.push(...events.filter((e) => e.stream === 'migrations'));
      if (seen.length >= n) {
        stop();
        resolve(seen);
      }
    });
  });
}

test('after a restart the sim feed rebuilds its launches at once from the log and publishes nothing twice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'live-restart-'));
  const file = join(dir, 'ledger.sqlite');
  const logger = pino({ level: 'silent' });
  try {
    const log = openSqliteEventLog(file);
    const first = await openDataset(DATASET);
    // The wall clock reads 6 h after the history's end: the world catches up at 1200× for 18 s.
    const wallNow = pinnedWall(Date.parse(first.manifest.current_through) + 6 * 3_600_000);
    const feed = await startLiveFeed(
      { LIVE_FEED: 'sim', LIVE_TIME_FACTOR: 1200, LIVE_SOL_USD: 150 },
      {
        store: first,
        manifest: { ...first.manifest },
        log,
        logger,
        knownWalletsPath: defaultKnownWalletsPath(),
        cursorPath: join(dir, 'cursor.json'),
        wallNow,
      },
    );
    const published = await migrations(log, 3);
    await feed!.stop();
    await first.close();
    const latest = await log.latestId();
    const latestAt = (await latestEventAt(log, rowsStreamOf(first.manifest)))!;
    expect(latestAt).toBeGreaterThanOrEqual(published[2].at);

    // Real time after the restart, which happens a second after the log's newest event: only the
    // replay up to that event can happen at once.
    const second = await openDataset(DATASET);
    const manifest = { ...second.manifest };
    const again = await startLiveFeed(
      { LIVE_FEED: 'sim', LIVE_TIME_FACTOR: 1, LIVE_SOL_USD: 150 },
      {
        store: second,
        manifest,
        log,
        logger,
        knownWalletsPath: defaultKnownWalletsPath(),
        cursorPath: join(dir, 'c'),
        wallNow: pinnedWall(latestAt + 1_000),
      },
    );
    expect(again!.now()).toBeGreaterThanOrEqual(latestAt);
    const mints = published.map((e) => e.key);
    for (;;) {
      const [row] = await second.all<{ n: number }>(
        `SELECT count(*)::INT AS n FROM tokens WHERE mint IN (${mints.map((_, i) => `$m${i}`).join(', ')})`,
        Object.fromEntries(mints.map((m, i) => [`m${i}`, m])),
      );
      if (row.n === mints.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await again!.stop();
    expect(await log.latestId()).toBe(latest);
    await second.close();
    await log.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
