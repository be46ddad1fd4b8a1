import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CompiledModel, compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { type DatasetStore, openDataset } from '@launchlens/engine/store';
import { defaultKnownWalletsPath, REPO_ROOT } from '@launchlens/indexer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { foldFromLog } from '../../src/cli/fold-from-log.js';
import type { EventLog } from '../../src/live/event-log.js';
import type { LiveFeed } from '../../src/live/live-feed.js';
import { rowsStreamOf } from '../../src/live/rows-stream-of.js';
import { startLiveFeed } from '../../src/live/start-live-feed.js';
import { type FollowFeed, startRowsFollower } from '../../src/live/start-rows-follower.js';
import { EVENT_LOG_IMPLEMENTATIONS, type EventLogStore } from '../scale/support/event-log-implementations.js';
import { pinnedWall } from '../support/pinned-wall.js';
import { answersOf, deltaDigest, tableDigest } from '../support/same-answers.js';

const DATASET = join(REPO_ROOT, 'datasets', 'test-small');
const HOUR = 3_600_000;

describe.each(EVENT_LOG_IMPLEMENTATIONS)('replicas following the $name event log', (impl) => {
  let dir: string;
  let logs: EventLogStore;
  let model: CompiledModel;
  let cutoff: number;
  const opened: { stores: DatasetStore[]; logs: EventLog[]; feeds: LiveFeed[] } = {
    stores: [],
    logs: [],
    feeds: [],
  };
  /** Error lines every feed logged: a refused append (a row written twice) logs one. */
  const errors: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });

  const store = async (path = DATASET) => {
    const s = await openDataset(path);
    opened.stores.push(s);
    return s;
  };
  /** A log handle of its own, as another process would have (SQLite handles hear only their own appends). */
  const log = async () => {
    const l = await logs.open();
    opened.logs.push(l);
    return l;
  };
  const follow = async (s: DatasetStore): Promise<FollowFeed> => {
    const feed = startRowsFollower({
      store: s,
      manifest: { ...s.manifest },
      log: await log(),
      logger,
      pollMs: 25,
    });
    opened.feeds.push(feed);
    return feed;
  };
  /** Runs the sim writer on `s` until it has written its world up to `until`, then stops it. */
  const write = async (s: DatasetStore, until: number) => {
    const manifest = { ...s.manifest };
    const feed = (await startLiveFeed(
      { LIVE_FEED: 'sim', LIVE_TIME_FACTOR: 100_000, LIVE_SOL_USD: 150 },
      {
        store: s,
        manifest,
        log: await log(),
        logger,
        knownWalletsPath: defaultKnownWalletsPath(),
        cursorPath: join(dir, 'cursor.json'),
        wallNow: pinnedWall(until),
      },
    ))!;
    while (Date.parse(manifest.current_through) < until) await new Promise((r) => setTimeout(r, 20));
    await feed.stop();
    return manifest;
  };
  const liveMints = async (s: DatasetStore) =>
    (await s.all<{ mint: string }>('SELECT mint FROM delta.tokens ORDER BY analyzed_at, mint')).map(
      (r) => r.mint,
    );
  const duplicates = async (s: DatasetStore) =>
    s.all(
      `SELECT 'tokens' AS t, mint FROM tokens GROUP BY mint HAVING count(*) > 1
       UNION ALL SELECT 'holders', mint FROM holders GROUP BY mint, wallet HAVING count(*) > 1`,
    );

  const baseMint = async (s: DatasetStore) =>
    (await s.all<{ mint: string }>('SELECT mint FROM base.main.tokens ORDER BY mint LIMIT 1'))[0].mint;
  const askOf = async (s: DatasetStore, asOf: number) => {
    const mints = await liveMints(s);
    return { mints: [mints[0], mints.at(-1)!, await baseMint(s)], asOf, model, manifest: s.manifest };
  };

  /** The first writer's store, and the followers started before and after it ran. */
  let writer: DatasetStore;
  let early: { store: DatasetStore; feed: FollowFeed };
  let late: { store: DatasetStore; feed: FollowFeed };
  /** The restarted writer's store: the base plus every row logged so far. */
  let second: DatasetStore;
  let secondThrough: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'live-follow-'));
    logs = await impl.create();
    const base = await store();
    cutoff = Date.parse(base.manifest.current_through);
    model = compileModel(
      fitRiskModel(await loadRiskFrame(base), { cutoff, calibrationWindowDays: 14, l2: 1 }),
    );
  }, 60_000);

  afterAll(async () => {
    for (const f of opened.feeds) await f.stop();
    for (const s of opened.stores) await s.close();
    for (const l of opened.logs) await l.close();
    await logs?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a follower started before the writer and one started after it hold the same rows and answer alike', async () => {
    const earlyStore = await store();
    early = { store: earlyStore, feed: await follow(earlyStore) };
    writer = await store();
    const written = await write(writer, cutoff + 3 * HOUR);
    expect((await liveMints(writer)).length).toBeGreaterThanOrEqual(5);

    await early.feed.catchUp();
    const lateStore = await store();
    late = { store: lateStore, feed: await follow(lateStore) };
    await late.feed.catchUp();

    const expected = await deltaDigest(writer);
    expect(await deltaDigest(early.store)).toEqual(expected);
    expect(await deltaDigest(late.store)).toEqual(expected);
    const ask = await askOf(writer, Date.parse(written.current_through));
    const answers = await answersOf(writer, ask);
    expect(await answersOf(early.store, ask)).toEqual(answers);
    expect(await answersOf(late.store, ask)).toEqual(answers);
    // A follower's clock is the last rows event's moment, which the writer's clock passed.
    expect(late.feed.now()).toBeGreaterThan(cutoff);
    expect(late.feed.now()).toBeLessThanOrEqual(Date.parse(written.current_through));
    expect(errors).toEqual([]);
  }, 120_000);

  test('a restarted follower and a restarted writer append nothing twice; a running follower keeps up with the new writer', async () => {
    await early.feed.stop();
    const again = await store();
    await (await follow(again)).catchUp();
    expect(await deltaDigest(again)).toEqual(await deltaDigest(writer));
    expect(await late.feed.catchUp()).toBe(0);

    // The writer restarts on a fresh store: the log gives it the first run's rows, it writes what follows.
    const before = await liveMints(writer);
    second = await store();
    secondThrough = Date.parse((await write(second, cutoff + 4 * HOUR)).current_through);
    const after = await liveMints(second);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    expect(await duplicates(second)).toEqual([]);
    await late.feed.catchUp();
    expect(await deltaDigest(late.store)).toEqual(await deltaDigest(second));

    const rows = await (await log()).readAfter(rowsStreamOf(second.manifest), 0, 100_000);
    const times = rows.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(errors).toEqual([]);
  }, 120_000);

  test('a fold answers as base + delta, and a follower or writer started on it appends none of its rows again', async () => {
    const out = join(dir, 'folded');
    const summary = await foldFromLog({ from: DATASET, out, log: await log(), logger });
    expect(summary.events).toBe(
      (await (await log()).readAfter(rowsStreamOf(second.manifest), 0, 100_000)).length,
    );
    const folded = await store(out);
    expect(folded.manifest.launches).toBe(summary.baseLaunches + (await liveMints(second)).length);
    expect(await tableDigest(folded)).toEqual(await tableDigest(second));
    const ask = await askOf(second, secondThrough);
    expect(await answersOf(folded, { ...ask, manifest: second.manifest })).toEqual(
      await answersOf(second, ask),
    );

    const onFolded = await follow(folded);
    expect(await onFolded.catchUp()).toBe(0);
    // The writer on the new base continues the same world: a day on, the launches folded in settle.
    const writerOnFolded = await store(out);
    const through = Date.parse((await write(writerOnFolded, cutoff + 28 * HOUR)).current_through);
    expect((await liveMints(writerOnFolded)).length).toBeGreaterThan(0);
    expect(await duplicates(writerOnFolded)).toEqual([]);
    const foldedLive = await second.all<{ mint: string; analyzed_at: number }>(
      'SELECT mint, analyzed_at FROM delta.tokens',
    );
    const due = foldedLive.filter((t) => t.analyzed_at + 24 * HOUR <= through - HOUR).map((t) => t.mint);
    expect(due.length).toBeGreaterThan(5);
    const [{ n }] = await writerOnFolded.all<{ n: number }>(
      `SELECT count(*)::INT AS n FROM delta.outcomes WHERE mint IN (${due.map((m) => `'${m}'`).join(', ')})`,
    );
    expect(n).toBe(due.length);
    await onFolded.catchUp();
    expect(await deltaDigest(folded)).toEqual(await deltaDigest(writerOnFolded));
    // A follower still on the old base holds the same rows as the new base and its delta.
    await late.feed.catchUp();
    expect(await tableDigest(late.store)).toEqual(await tableDigest(writerOnFolded));
    expect(errors).toEqual([]);
  }, 180_000);
});
