import type { ChainEvent, MigrationEvent } from '../events/chain-event.js';
import { PROGRAMS } from '../events/programs.js';
import { readCursorFile, writeCursorFile } from './cursor-file.js';
import { createLogsSubscription, type LogsSubscription } from './logs-subscription.js';
import { createRpcClient, type RpcClient, type RpcClientOptions } from './rpc-client.js';
import { EMPTY_CURSOR, type RpcCursor } from './rpc-cursor.js';
import { RpcSource, type RpcSourceOptions } from './rpc-source.js';
import type { RpcSourceStats } from './rpc-source-stats.js';

export interface RpcFeedOptions {
  readonly rpcUrl: string;
  /** Websocket endpoint; without it there is no live part (backfill and catch-up only). */
  readonly wsUrl?: string;
  /** Launch programs subscribed with `logsSubscribe` mentions (default pump.fun and LaunchLab). */
  readonly programs?: readonly string[];
  readonly client?: Omit<RpcClientOptions, 'url'>;
  /** Cursor file: catch up from it on start and save it every `cursorEveryMs` and on stop. */
  readonly cursorPath?: string;
  /** A cursor to catch up from, when the caller keeps it (not saved by the feed). */
  readonly cursor?: RpcCursor;
  readonly cursorEveryMs?: number;
  /** Without a cursor entry, catch a program up from this slot (`getSignaturesForAddress`). */
  readonly sinceSlot?: number;
  /** Pages of 1000 signatures per program for catch-up (default 10). */
  readonly catchUpPages?: number;
  /** Mints whose whole history is backfilled first. */
  readonly mints?: readonly string[];
  /** Pools followed after migration at once, via their own subscription (default 50; 0: none). */
  readonly followPools?: number;
  readonly source?: Omit<RpcSourceOptions, 'client' | 'programs' | 'emit'>;
}

export interface RpcFeed {
  readonly client: RpcClient;
  readonly stats: RpcSourceStats;
  readonly subscription: LogsSubscription | null;
  /** Resolves when backfill and catch-up are released (the live part, if any, runs on). */
  readonly caughtUp: Promise<void>;
  /** The cursor as of the last release. */
  cursor(): RpcCursor;
  /** Stops the subscription, releases what is buffered, saves the cursor. */
  stop(): Promise<void>;
}

/** Runs the RPC source: backfill of `mints`, catch-up from the cursor or `sinceSlot`, then live log notifications. */
export async function startRpcFeed(
  options: RpcFeedOptions,
  onEvent: (event: ChainEvent) => void,
): Promise<RpcFeed> {
  const programs = options.programs ?? [PROGRAMS.pumpfun, PROGRAMS.launchlab];
  const client = createRpcClient({ ...options.client, url: options.rpcUrl });
  const saved =
    options.cursor ?? (options.cursorPath ? await readCursorFile(options.cursorPath) : EMPTY_CURSOR);
  const followLimit = options.followPools ?? 50;
  const followed: string[] = [];
  let subscription: LogsSubscription | null = null;
  const follow = (m: MigrationEvent) => {
    options.source?.onMigration?.(m);
    if (subscription === null || followLimit <= 0) return;
    followed.push(m.pool);
    subscription.add(m.pool);
    if (followed.length > followLimit) subscription.remove(followed.shift()!);
  };
  const skip = new Set([...saved.written_mints, ...(options.source?.skipMints ?? [])]);
  const source = new RpcSource({
    ...options.source,
    client,
    programs,
    emit: onEvent,
    skipMints: skip,
    onMigration: follow,
  });
  let paused = true;
  const queued: Parameters<RpcSource['ingest']>[0][] = [];
  if (options.wsUrl !== undefined) {
    subscription = createLogsSubscription({
      url: options.wsUrl,
      addresses: programs,
      onLogs: (n) => {
        const note = { source: n.address, slot: n.slot, signature: n.signature, err: n.err, logs: n.logs };
        if (paused) queued.push(note);
        else source.ingest(note);
      },
    });
  }
  const cursor = (): RpcCursor => ({
    ...saved,
    programs: { ...saved.programs, ...source.programCursor() },
    open_mints: [
      ...new Set([
        ...saved.open_mints.filter((m) => !skip.has(m) && !source.hasLaunch(m)),
        ...source.openMints(),
      ]),
    ],
  });
  const save = async () => {
    if (options.cursorPath) await writeCursorFile(options.cursorPath, cursor());
  };

  const caughtUp = (async () => {
    try {
      for (const mint of new Set([...saved.open_mints, ...(options.mints ?? [])]))
        await source.backfillMint(mint);
      await source.drain();
      for (const program of programs) {
        const at = saved.programs[program];
        const maxPages = options.catchUpPages ?? 10;
        if (at) await source.catchUp(program, { until: at.signature, maxPages });
        else if (options.sinceSlot !== undefined) {
          await source.catchUp(program, { minSlot: options.sinceSlot, maxPages });
        }
      }
      await source.drain();
    } finally {
      paused = false;
      for (const note of queued.splice(0)) source.ingest(note);
    }
    await save();
  })();
  caughtUp.catch(() => {});
  const timer = setInterval(() => {
    save().catch(() => {});
  }, options.cursorEveryMs ?? 5000);
  timer.unref();

  return {
    client,
    stats: source.stats,
    subscription,
    caughtUp,
    cursor,
    async stop() {
      clearInterval(timer);
      await subscription?.close();
      await caughtUp.catch(() => {});
      try {
        await source.drain();
      } finally {
        source.close();
        await save();
      }
    },
  };
}
