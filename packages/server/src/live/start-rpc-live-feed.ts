import type { KolRow, Manifest } from '@launchlens/engine';
import { type ChainEvent, DEFAULT_RULES, SnapshotBuilder, startRpcFeed } from '@launchlens/indexer';
import type { Logger } from 'pino';
import type { RiskContext } from '../risk/risk-context.js';
import type { TrackRecord } from '../track-record/track-record.js';
import type { EventLog } from './event-log.js';
import type { LiveFeed } from './live-feed.js';
import { LiveIngest, type LiveStore } from './live-ingest.js';

export interface RpcLiveFeedOptions {
  readonly store: LiveStore;
  readonly manifest: Manifest;
  readonly log: EventLog;
  readonly risk?: RiskContext;
  /** Where each new token's verdict is committed before its event is published. */
  readonly trackRecord?: TrackRecord;
  readonly logger: Logger;
  readonly rpcUrl: string;
  /** Default: the RPC URL with `ws(s)://`. */
  readonly wsUrl?: string;
  /** SOL/USD applied to market caps (no price oracle here). */
  readonly solUsd: number;
  /** Where the feed keeps its catch-up cursor across restarts. */
  readonly cursorPath?: string;
  readonly flushMs?: number;
  /**
   * The store already holds what chain events up to this moment caused (rows of earlier runs from
   * the log, a folded base): rows they cause when the source delivers them again are not written.
   */
  readonly writtenThrough?: number;
}

/**
 * The `rpc` live feed: the indexer's RPC source (log subscriptions of the launch programs,
 * decoded with their IDLs) through the same snapshot builder and `LiveIngest` as the simulator.
 * KOLs and exchanges are the dataset's own tables.
 */
export async function startRpcLiveFeed(options: RpcLiveFeedOptions): Promise<LiveFeed> {
  const { store } = options;
  const kols = await store.all<KolRow>('SELECT wallet, name, handle, verified, followers FROM kols');
  const exchanges = await store.all<{ address: string; name: string }>(
    "SELECT address, name FROM known_wallets WHERE kind = 'exchange'",
  );
  const ingest = new LiveIngest({
    store,
    log: options.log,
    manifest: options.manifest,
    risk: options.risk,
    kols,
    logger: options.logger,
    now: Date.now,
    publishFrom: Number.NEGATIVE_INFINITY,
    writtenThrough: options.writtenThrough,
    trackRecord: options.trackRecord,
  });
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(exchanges.map((k) => [k.address, k.name])),
      kolWallets: new Set(kols.map((k) => k.wallet)),
      solUsdAt: () => options.solUsd,
      ticksFrom: 0,
    },
    ingest.sink,
  );
  const listeners = new Set<(events: readonly ChainEvent[]) => void>();
  let pending: ChainEvent[] = [];
  const feed = await startRpcFeed(
    {
      rpcUrl: options.rpcUrl,
      wsUrl: options.wsUrl ?? options.rpcUrl.replace(/^http/, 'ws'),
      cursorPath: options.cursorPath,
    },
    (e) => {
      ingest.noteEvent(e);
      builder.push(e);
      pending.push(e);
    },
  );
  const flush = () => {
    const batch = pending;
    pending = [];
    for (const l of listeners) l(batch);
    return ingest.flush(Date.now());
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? 500);
  timer.unref();
  options.logger.info({ rpc: new URL(options.rpcUrl).host }, 'live feed (rpc) started');
  return {
    mode: 'rpc',
    now: Date.now,
    onChainEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      clearInterval(timer);
      await feed.stop();
      await flush();
    },
  };
}
