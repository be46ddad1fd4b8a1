import type { Manifest } from '@launchlens/engine';
import { type ChainEvent, loadKnownWallets } from '@launchlens/indexer';
import type { Logger } from 'pino';
import type { RiskContext } from '../risk/risk-context.js';
import type { TrackRecord } from '../track-record/track-record.js';
import { claimLiveWriter } from './claim-live-writer.js';
import type { EventLog } from './event-log.js';
import { latestEventAt } from './latest-event-at.js';
import type { LiveFeed } from './live-feed.js';
import type { LiveStore } from './live-ingest.js';
import { RowsFollower } from './rows-follower.js';
import { rowsStreamOf } from './rows-stream-of.js';
import { startRowsFollower } from './start-rows-follower.js';
import { startRpcLiveFeed } from './start-rpc-live-feed.js';
import { startSimFeed } from './start-sim-feed.js';

export interface LiveFeedConfig {
  /** Default `off`. */
  readonly LIVE_FEED?: 'off' | 'sim' | 'rpc' | 'follow';
  /** Default 1 (real time). */
  readonly LIVE_TIME_FACTOR?: number;
  readonly LIVE_SOL_USD: number;
  readonly SOLANA_RPC_URL?: string;
  readonly SOLANA_WS_URL?: string;
}

export interface LiveFeedOptions {
  readonly store: LiveStore;
  readonly manifest: Manifest;
  readonly log: EventLog;
  readonly risk?: RiskContext;
  readonly trackRecord?: TrackRecord;
  readonly logger: Logger;
  readonly knownWalletsPath: string;
  readonly cursorPath: string;
  /** The wall clock (default `Date.now`; tests pin it). */
  readonly wallNow?: () => number;
  /** Hears the `sim` feed's chain events from the first batch on (the simulated chain reader). */
  readonly onChainEvents?: (events: readonly ChainEvent[]) => void;
  /**
   * The release of the writer claim `claimLiveWriter` took already (main.ts takes it before anything
   * replays); a `sim` or `rpc` feed claims the writer itself when it is unset.
   */
  readonly releaseWriter?: (() => Promise<void>) | null;
  /**
   * Hears that the writer claim this feed took itself (no `releaseWriter`) was lost: its PostgreSQL
   * session ended, so another writer may claim the stream. The feed has stopped writing by then.
   */
  readonly onWriterLost?: (error: Error) => void;
}

/**
 * Starts the live feed `LIVE_FEED` names (null for `off`). `follow` builds the store's delta from
 * the log's rows stream; `sim` and `rpc` first claim that stream's writer (`claimLiveWriter`; the
 * feed's `stop` releases it), append what it holds beyond the dataset (their own earlier runs'
 * rows), then write only what happens after it. A claim taken here and lost later stops the feed
 * (`onWriterLost`): one writer writes a log, and another may hold the stream by then.
 */
export async function startLiveFeed(
  config: LiveFeedConfig,
  options: LiveFeedOptions,
): Promise<LiveFeed | null> {
  if (config.LIVE_FEED === 'follow') return startRowsFollower(options);
  if (config.LIVE_FEED === 'off' || config.LIVE_FEED === undefined) return null;
  let lost: Error | null = null;
  let stopOnLoss = (): void => {};
  const release =
    options.releaseWriter ??
    (await claimLiveWriter(config.LIVE_FEED, options.log, rowsStreamOf(options.manifest), (e) => {
      lost = e;
      stopOnLoss();
    }));
  let feed: LiveFeed;
  try {
    feed = await startWriterFeed(config, options);
  } catch (e) {
    await release?.();
    throw e;
  }
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      try {
        await feed.stop();
      } finally {
        await release?.();
      }
    })();
    return stopped;
  };
  stopOnLoss = () => {
    options.logger.error({ err: lost }, 'live feed: the writer claim was lost; the feed stops');
    void stop().then(
      () => options.onWriterLost?.(lost!),
      (err: unknown) => options.logger.error({ err }, 'live feed stop failed'),
    );
  };
  if (lost !== null) {
    // Lost while the feed caught up: the start fails.
    await stop();
    throw lost;
  }
  return { ...feed, stop };
}

async function startWriterFeed(config: LiveFeedConfig, options: LiveFeedOptions): Promise<LiveFeed> {
  // The simulated world starts where the base's history ends, wherever the rows below move `current_through`.
  const historyThrough = Date.parse((options.manifest.sim_history ?? options.manifest).current_through);
  const started = performance.now();
  const caughtUp = await new RowsFollower(options).catchUp();
  options.logger.info(
    {
      events: caughtUp,
      current_through: options.manifest.current_through,
      ms: Math.round(performance.now() - started),
    },
    'live feed: rows of earlier runs appended from the log',
  );
  const writtenThrough = Date.parse(options.manifest.current_through);
  if (config.LIVE_FEED === 'sim') {
    const knownExchanges = loadKnownWallets(options.knownWalletsPath).filter((k) => k.kind === 'exchange');
    const resumeAt = await latestEventAt(options.log, rowsStreamOf(options.manifest));
    return startSimFeed({
      ...options,
      knownExchanges,
      timeFactor: config.LIVE_TIME_FACTOR ?? 1,
      resumeAt,
      writtenThrough,
      historyThrough,
    });
  }
  if (config.SOLANA_RPC_URL === undefined) throw new Error('LIVE_FEED=rpc needs SOLANA_RPC_URL');
  return startRpcLiveFeed({
    ...options,
    writtenThrough,
    rpcUrl: config.SOLANA_RPC_URL,
    wsUrl: config.SOLANA_WS_URL,
    solUsd: config.LIVE_SOL_USD,
  });
}
