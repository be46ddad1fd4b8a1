import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type DatasetStore, openDataset, readManifest } from '@launchlens/engine/store';
import { defaultKnownWalletsPath, REPO_ROOT } from '@launchlens/indexer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EventLog } from '../../src/live/event-log.js';
import type { LiveFeed } from '../../src/live/live-feed.js';
import { openEventLog } from '../../src/live/open-event-log.js';
import { openPostgresEventLog } from '../../src/live/postgres-event-log.js';
import { rowsStreamOf } from '../../src/live/rows-stream-of.js';
import { type LiveFeedConfig, startLiveFeed } from '../../src/live/start-live-feed.js';
import { EVENT_LOG_IMPLEMENTATIONS, type EventLogStore } from '../scale/support/event-log-implementations.js';
import { freshPostgresSchema } from '../scale/support/fresh-postgres-schema.js';
import { pinnedWall } from '../support/pinned-wall.js';
import { terminateWriterSession } from '../support/terminate-writer-session.js';

const DATASET = join(REPO_ROOT, 'datasets', 'test-small');
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const HOUR = 3_600_000;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The refusal `claimLiveWriter` throws when this test process holds the claim. */
const refusal = (mode: string, stream: string) =>
  new RegExp(
    `LIVE_FEED=${mode}: another writer holds ${escapeRegExp(stream)} in this event log \\(pid ${process.pid} on ${escapeRegExp(hostname())}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); one writer per log`,
  );

describe.each(EVENT_LOG_IMPLEMENTATIONS)('live feeds on one $name event log', (impl) => {
  let dir: string;
  let logs: EventLogStore;
  const opened: { stores: DatasetStore[]; logs: EventLog[]; feeds: LiveFeed[] } = {
    stores: [],
    logs: [],
    feeds: [],
  };
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'live-one-writer-'));
    logs = await impl.create();
  });
  afterAll(async () => {
    for (const f of opened.feeds) await f.stop();
    for (const s of opened.stores) await s.close();
    for (const l of opened.logs) await l.close();
    await logs?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `LIVE_FEED=mode` on a store and a log handle of its own, as another replica would. */
  const start = async (mode: LiveFeedConfig['LIVE_FEED'], store: DatasetStore) => {
    const log = await logs.open();
    opened.logs.push(log);
    const config = { LIVE_FEED: mode, LIVE_TIME_FACTOR: 100_000, LIVE_SOL_USD: 150 };
    const feed = await startLiveFeed(
      mode === 'rpc' ? { ...config, SOLANA_RPC_URL: 'http://127.0.0.1:9' } : config,
      {
        store,
        manifest: { ...store.manifest },
        log,
        logger,
        knownWalletsPath: defaultKnownWalletsPath(),
        cursorPath: join(dir, 'cursor.json'),
        wallNow: pinnedWall(Date.parse(store.manifest.current_through) + HOUR),
      },
    );
    if (feed) opened.feeds.push(feed);
    return feed;
  };
  const store = async () => {
    const s = await openDataset(DATASET);
    opened.stores.push(s);
    return s;
  };

  test('a second sim or rpc writer is refused at start, naming the first; a follower starts beside it; a writer starts once the first stops', async () => {
    const first = await start('sim', await store());
    const other = await store();
    const stream = rowsStreamOf(other.manifest);
    await expect(start('sim', other)).rejects.toThrow(refusal('sim', stream));
    await expect(start('rpc', other)).rejects.toThrow(refusal('rpc', stream));
    expect((await start('follow', await store()))?.mode).toBe('follow');
    expect(await start('off', other)).toBeNull();

    await first!.stop();
    const next = await start('sim', other);
    expect(next?.mode).toBe('sim');
    await next!.stop();
    // Stopping released the claim.
    const log = await logs.open();
    opened.logs.push(log);
    expect((await log.claimWriter(stream)).kind).toBe('claimed');
  }, 120_000);
});

describe('a sim feed that took the writer claim itself (startLiveFeed without main.ts)', () => {
  test('stops writing the log when PostgreSQL drops its claim, and says so', async () => {
    const fresh = await freshPostgresSchema('feed_writer_lost');
    const dir = mkdtempSync(join(tmpdir(), 'feed-writer-lost-'));
    const store = await openDataset(DATASET);
    const log = await openPostgresEventLog({ connectionString: fresh.url });
    const lost: Error[] = [];
    let feed: LiveFeed | null = null;
    try {
      feed = await startLiveFeed(
        { LIVE_FEED: 'sim', LIVE_TIME_FACTOR: 1_000, LIVE_SOL_USD: 150 },
        {
          store,
          manifest: { ...store.manifest },
          log,
          logger: pino({ level: 'silent' }),
          knownWalletsPath: defaultKnownWalletsPath(),
          cursorPath: join(dir, 'cursor.json'),
          // A day to replay at 1,000×: it writes for ≈ 86 s unless stopped.
          wallNow: pinnedWall(Date.parse(store.manifest.current_through) + 24 * HOUR),
          onWriterLost: (e) => lost.push(e),
        },
      );
      const writing = await log.latestId();
      await expect.poll(() => log.latestId(), { timeout: 30_000 }).toBeGreaterThan(writing);

      expect(await terminateWriterSession(fresh.url, process.pid)).toBe(1);
      await expect.poll(() => lost.length, { timeout: 30_000 }).toBe(1);
      expect(lost[0].message).toMatch(
        `the writer claim on ${rowsStreamOf(store.manifest)} lost its connection`,
      );
      const last = await log.latestId();
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await log.latestId()).toBe(last);
      // The stream is free: another writer claims it.
      const other = await openPostgresEventLog({ connectionString: fresh.url });
      try {
        expect((await other.claimWriter(rowsStreamOf(store.manifest))).kind).toBe('claimed');
      } finally {
        await other.close();
      }
    } finally {
      await feed?.stop();
      await log.close();
      await store.close();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the server (main.ts) as a second writer', () => {
  let dir: string;

  beforeAll(() => {
    // Only the manifest: the claim comes before the dataset is opened.
    dir = mkdtempSync(join(tmpdir(), 'main-one-writer-'));
    mkdirSync(join(dir, 'dataset'));
    copyFileSync(join(DATASET, 'manifest.json'), join(dir, 'dataset', 'manifest.json'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs main.ts with `env` until it exits. */
  const runMain = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          DATASET_DIR: join(dir, 'dataset'),
          PORT: '0',
          NODE_ENV: 'test',
          LIVE_FEED: 'sim',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('exit', (code) => resolve({ code, stderr }));
    });

  test.each([
    { name: 'sqlite', postgres: false },
    { name: 'postgres', postgres: true },
  ])(
    'exits 1 at start, before opening the dataset, with the error naming the holder on $name',
    async ({ postgres }) => {
      const fresh = postgres ? await freshPostgresSchema('main_writer') : null;
      const ledgerFile = join(dir, 'var', 'ledger.sqlite');
      // This process is the first writer.
      const holder = await openEventLog({ databaseUrl: fresh?.url, ledgerFile });
      try {
        const stream = rowsStreamOf(await readManifest(DATASET));
        expect((await holder.claimWriter(stream)).kind).toBe('claimed');
        const { code, stderr } = await runMain({
          LEDGER_PATH: ledgerFile,
          ...(fresh ? { DATABASE_URL: fresh.url } : {}),
        });
        expect(code).toBe(1);
        expect(stderr).toMatch(new RegExp(`^error: ${refusal('sim', stream).source}`, 'm'));
      } finally {
        await holder.close();
        await fresh?.drop();
      }
    },
    60_000,
  );
});

describe('the server (main.ts) as the writer', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'main-writer-lost-'));
    cpSync(DATASET, join(dir, 'dataset'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('stops with exit code 1 when PostgreSQL drops its writer claim, for another writer may claim the stream then', async () => {
    const fresh = await freshPostgresSchema('main_writer_lost');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATASET_DIR: join(dir, 'dataset'),
        LEDGER_PATH: join(dir, 'var', 'ledger.sqlite'),
        DATABASE_URL: fresh.url,
        PORT: '0',
        NODE_ENV: 'test',
        LIVE_FEED: 'sim',
        LIVE_TIME_FACTOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Both streams are read (an unread stderr pipe that fills would block the child), and each
    // phase has its own deadline, so a failure says which phase hung and what the child printed.
    const output: string[] = [];
    createInterface({ input: child.stderr! }).on('line', (line) => output.push(`stderr: ${line}`));
    const banner = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        output.push(line);
        if (line.startsWith('Stop with Ctrl-C.')) resolve();
      });
      void exited.then((code) => reject(new Error(`main exited with ${code}: ${output.join('\n')}`)));
    });
    try {
      await within(banner, 90_000, 'main printed no start banner', output);
      expect(await terminateWriterSession(fresh.url, child.pid!)).toBe(1);
      expect(await within(exited, 20_000, 'main did not exit after its claim was ended', output)).toBe(1);
      expect(output.join('\n')).toMatch(
        'the writer claim was lost: stopping, so that one writer writes the log',
      );
    } finally {
      child.kill('SIGKILL');
      await fresh.drop();
    }
  }, 120_000);
});

/** `promise`, or a rejection naming `what` and the child's `output` after `ms`. */
async function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  output: readonly string[],
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} within ${ms} ms; it printed:\n${output.join('\n')}`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
