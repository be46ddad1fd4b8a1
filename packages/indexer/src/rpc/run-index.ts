import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HolderRow, Manifest } from '@launchlens/engine';
import { DEFAULT_RULES } from '../builder/classification-rules.js';
import { type BuildStats, SnapshotBuilder } from '../builder/snapshot-builder.js';
import type { ChainEvent } from '../events/chain-event.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { createDatasetWriter } from '../write/create-dataset-writer.js';
import { type CheckHoldersOptions, checkHolders, type HolderCheck } from './check-holders.js';
import { readCursorFile, writeCursorFile } from './cursor-file.js';
import type { RpcClientStats } from './rpc-client.js';
import type { RpcSourceStats } from './rpc-source-stats.js';
import { type RpcFeed, type RpcFeedOptions, startRpcFeed } from './start-rpc-feed.js';

export interface RunIndexOptions extends Omit<RpcFeedOptions, 'cursor' | 'cursorPath' | 'cursorEveryMs'> {
  /** Output folder: `cursor.json`, `holder-checks.jsonl` and `partitions/part-NNNNNN/` (one dataset each). */
  readonly out: string;
  /** Stop once this many launches have migrated (their snapshots written). */
  readonly maxLaunches?: number;
  /** SOL price in USD applied to every event (mainnet has no price oracle here). */
  readonly solUsd: number;
  readonly knownWalletsPath: string;
  /** Resolves when a live run should stop (a signal, a timer); without a websocket the run stops when caught up. */
  readonly until?: Promise<void>;
  readonly onProgress?: (progress: IndexProgress) => void;
  /** Called once the feed runs (its stats and client are live from then on). */
  readonly onStart?: (feed: RpcFeed) => void;
}

export interface IndexProgress {
  readonly launches: number;
  readonly migrated: number;
  readonly events: number;
  readonly requests: number;
}

export interface IndexResult {
  /** The partition written, or null when no launch migrated. */
  readonly partition: string | null;
  readonly manifest: Manifest | null;
  readonly build: BuildStats;
  readonly source: RpcSourceStats;
  readonly client: Readonly<RpcClientStats>;
  readonly holderChecks: readonly HolderCheck[];
}

export const RPC_GENERATOR_VERSION = 'launchlens-rpc/1';

/** Token-account owners that hold pool liquidity, not a holder's tokens: Raydium AMM v4 and CPMM authorities, the incinerator. */
const POOL_OWNERS = [
  '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1',
  'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL',
  '1nc1nerator11111111111111111111111111111111',
];

const iso = (ms: number) => new Date(ms).toISOString();

/** Indexes launches from a Solana RPC into a new dataset partition (source `mainnet`), resumable from `out/cursor.json`. */
export async function runIndex(options: RunIndexOptions): Promise<IndexResult> {
  const out = resolve(options.out);
  await mkdir(join(out, 'partitions'), { recursive: true });
  const cursorPath = join(out, 'cursor.json');
  const cursor = await readCursorFile(cursorPath);
  const partitionName = `part-${String(cursor.partitions + 1).padStart(6, '0')}`;
  const partition = join(out, 'partitions', partitionName);
  const known = loadKnownWallets(options.knownWalletsPath);
  const writer = await createDatasetWriter(partition);
  const holderRows = new Map<string, HolderRow[]>();
  const written: string[] = [];
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(known.filter((k) => k.kind === 'exchange').map((k) => [k.address, k.name])),
      kolWallets: new Set(),
      solUsdAt: () => options.solUsd,
      ticksFrom: 0,
    },
    (table, row) => {
      writer.table(table).append(row as never);
      if (table === 'tokens') written.push((row as { mint: string }).mint);
      if (table === 'holders') {
        const h = row as HolderRow;
        const list = holderRows.get(h.mint);
        if (list) list.push(h);
        else holderRows.set(h.mint, [h]);
      }
    },
  );
  const curves = new Map<string, string>();
  const checks: HolderCheck[] = [];
  let firstAt = Number.POSITIVE_INFINITY;
  let firstCreateAt = Number.POSITIVE_INFINITY;
  let lastAt = 0;
  let stopOnLaunches: () => void = () => {};
  const launchesReached = new Promise<void>((r) => {
    stopOnLaunches = r;
  });
  let lastProgress = 0;
  let live: RpcFeed | null = null;
  const feed = await startRpcFeed(
    {
      ...options,
      cursor,
      source: {
        ...options.source,
        onHolders: (capture, migration) => {
          options.source?.onHolders?.(capture, migration);
          if (capture.kind !== 'captured') return;
          const exclude: CheckHoldersOptions['exclude'] = new Set([
            ...POOL_OWNERS,
            migration.pool,
            curves.get(migration.mint) ?? '',
          ]);
          checks.push(
            checkHolders(holderRows.get(migration.mint) ?? [], capture, {
              migrationSlot: migration.slot,
              exclude,
            }),
          );
          holderRows.delete(migration.mint);
        },
      },
    },
    (e: ChainEvent) => {
      if (e.at > 0) {
        firstAt = Math.min(firstAt, e.at);
        lastAt = Math.max(lastAt, e.at);
      }
      if (e.kind === 'create') {
        curves.set(e.mint, e.curve);
        if (e.at > 0) firstCreateAt = Math.min(firstCreateAt, e.at);
      }
      builder.push(e);
      const migrated = builder.stats.migrated;
      if (options.maxLaunches !== undefined && migrated >= options.maxLaunches) stopOnLaunches();
      if (
        options.onProgress &&
        live &&
        (e.kind === 'migration' || builder.stats.events - lastProgress >= 500)
      ) {
        lastProgress = builder.stats.events;
        options.onProgress({
          launches: live.stats.launches,
          migrated,
          events: builder.stats.events,
          requests: live.client.stats.requests,
        });
      }
    },
  );
  live = feed;
  options.onStart?.(feed);
  const stops: Promise<unknown>[] = [launchesReached];
  if (options.wsUrl === undefined) stops.push(feed.caughtUp);
  else {
    stops.push(feed.caughtUp.then(() => new Promise(() => {})));
    if (options.until) stops.push(options.until);
  }
  try {
    try {
      await Promise.race(stops);
    } finally {
      await feed.stop();
    }
  } catch (e) {
    await writer.abort();
    throw e;
  }
  const currentThrough = lastAt > 0 ? lastAt : Date.now();
  const build = builder.finish(currentThrough);
  let manifest: Manifest | null = null;
  if (build.migrated > 0) {
    for (const k of known) writer.table('known_wallets').append(k);
    const from = Number.isFinite(firstAt) ? firstAt : currentThrough;
    manifest = await writer.finish({
      source: 'mainnet',
      generator_version: RPC_GENERATOR_VERSION,
      seed: null,
      launches: build.migrated,
      history_from: iso(from),
      complete_since: iso(Number.isFinite(firstCreateAt) ? firstCreateAt : from),
      current_through: iso(currentThrough),
      ticks_retention: {
        full_resolution_from: iso(from),
        resolution_s: DEFAULT_RULES.tickResolutionS,
        note: `ticks at ${DEFAULT_RULES.tickResolutionS}s for every launch; SOL/USD fixed at ${options.solUsd} for the run`,
      },
    });
  } else await writer.abort();
  const next = feed.cursor();
  await writeCursorFile(cursorPath, {
    ...next,
    written_mints: [...new Set([...cursor.written_mints, ...written])],
    open_mints: next.open_mints.filter((m) => !written.includes(m)),
    partitions: cursor.partitions + (manifest ? 1 : 0),
  });
  if (checks.length > 0) {
    await appendFile(join(out, 'holder-checks.jsonl'), checks.map((c) => `${JSON.stringify(c)}\n`).join(''));
  }
  return {
    partition: manifest ? partition : null,
    manifest,
    build,
    source: feed.stats,
    client: feed.client.stats,
    holderChecks: checks,
  };
}
