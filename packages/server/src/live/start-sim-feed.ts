import type { Manifest } from '@launchlens/engine';
import {
  type ChainEvent,
  DEFAULT_RULES,
  liveClock,
  paceEvents,
  SnapshotBuilder,
  simulateLiveWorld,
} from '@launchlens/indexer';
import type { Logger } from 'pino';
import type { RiskContext } from '../risk/risk-context.js';
import type { TrackRecord } from '../track-record/track-record.js';
import type { EventLog } from './event-log.js';
import type { LiveFeed } from './live-feed.js';
import { LiveIngest, type LiveStore } from './live-ingest.js';

const DAY_MS = 86_400_000;
/** Live launch ordinals start here: far beyond any history's, so no live mint repeats a historical one. */
const FIRST_LIVE_ORDINAL = 2 ** 30;
/** At the development factor (30) the last hour before now takes 2 minutes: migrations in the first one. */
const DEFAULT_CATCH_UP_MS = 3_600_000;

export interface SimFeedOptions {
  readonly store: LiveStore;
  /** The server's manifest object: `current_through` advances with the feed. */
  readonly manifest: Manifest;
  readonly log: EventLog;
  readonly risk?: RiskContext;
  /** Where each new token's verdict is committed before its event is published. */
  readonly trackRecord?: TrackRecord;
  readonly logger: Logger;
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
  /**
   * Simulated seconds per wall-clock second while the world catches up to the wall clock (1 =
   * never faster than real time); once caught up it runs at the wall clock (`liveClock`).
   */
  readonly timeFactor: number;
  /** The wall clock (default `Date.now`): the feed's clock is never later than it. */
  readonly wallNow?: () => number;
  /** A world further behind than this is replayed at once up to this long before now (default 1 h). */
  readonly catchUpMs?: number;
  /** Default: the history's own rate (`launches` over its span). */
  readonly launchesPerDay?: number;
  /**
   * Launches are created from this long before `current_through` (default 2 h), so some are on
   * their curves when the feed starts; those that migrated before it are not written.
   */
  readonly prerollMs?: number;
  readonly tickMs?: number;
  /**
   * Replay without waiting up to this moment (the newest event the log holds from an earlier run):
   * after a restart the world is rebuilt at once instead of in real time, and the log skips the
   * events it already has.
   */
  readonly resumeAt?: number | null;
  /** Hears every chain event from the first batch on (`LiveFeed.onChainEvents` starts later). */
  readonly onChainEvents?: (events: readonly ChainEvent[]) => void;
  /**
   * The store already holds what the world's events up to this moment caused (a folded base, rows
   * of earlier runs from the log): replayed, not written again. Default: the world's start.
   */
  readonly writtenThrough?: number;
  /**
   * The simulated history's end, where the live world starts (epoch ms). Default: the manifest's
   * `sim_history`, else its `current_through`; a caller that has moved `current_through` on
   * already (rows appended from the log) passes the base's.
   */
  readonly historyThrough?: number;
}

/**
 * The default live feed (DESIGN §7): the world simulator runs forward from the end of the
 * dataset's simulated history (`sim_history`, else `current_through`), at `timeFactor` while it
 * catches up to the wall clock and at the wall clock after that (never ahead of it), through the
 * same snapshot builder as the history; new launches are appended to the store and published to
 * the event log. Restarting, or starting on a folded base, replays the same launches (same seed
 * and start): what the store holds already (`writtenThrough`) is not written again, and the log
 * skips the events it holds.
 */
export async function startSimFeed(options: SimFeedOptions): Promise<LiveFeed> {
  const { manifest } = options;
  if (manifest.source !== 'sim' || manifest.seed === null) {
    throw new Error(
      'LIVE_FEED=sim needs a simulated dataset (its manifest has no seed); use LIVE_FEED=rpc or off',
    );
  }
  const history = manifest.sim_history ?? manifest;
  const from = options.historyThrough ?? Date.parse(history.current_through);
  const historyFrom = Date.parse(manifest.history_from);
  const launchesPerDay =
    options.launchesPerDay ?? Math.max(1, (history.launches * DAY_MS) / Math.max(DAY_MS, from - historyFrom));
  const world = simulateLiveWorld({
    seed: manifest.seed,
    historyFrom,
    from: from - (options.prerollMs ?? 2 * 3_600_000),
    firstOrdinal: FIRST_LIVE_ORDINAL,
    launchesPerDay,
    knownExchanges: options.knownExchanges,
  });
  const writtenThrough = Math.max(from, options.writtenThrough ?? from);
  const resumeAt = Math.max(writtenThrough, options.resumeAt ?? from);
  const now = liveClock({
    from: resumeAt,
    factor: options.timeFactor,
    wallNow: options.wallNow ?? Date.now,
    catchUpMs: options.catchUpMs ?? DEFAULT_CATCH_UP_MS,
  });
  const ingest = new LiveIngest({
    store: options.store,
    log: options.log,
    manifest,
    risk: options.risk,
    kols: world.kols,
    logger: options.logger,
    now,
    publishFrom: from,
    writtenThrough,
    trackRecord: options.trackRecord,
    wallNow: options.wallNow,
  });
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(options.knownExchanges.map((k) => [k.address, k.name])),
      kolWallets: new Set(world.kols.map((k) => k.wallet)),
      solUsdAt: world.solUsdAt,
      ticksFrom: from,
    },
    ingest.sink,
  );
  const listeners = new Set<(events: readonly ChainEvent[]) => void>();
  if (options.onChainEvents) listeners.add(options.onChainEvents);
  const paced = paceEvents({
    events: world.events,
    now,
    tickMs: options.tickMs,
    onError: (err) => options.logger.error({ err }, 'live feed: replaying a batch failed'),
    onEvents: async (events, through) => {
      for (const e of events) {
        ingest.noteEvent(e);
        builder.push(e);
      }
      for (const l of listeners) l(events);
      await ingest.flush(through);
    },
  });
  options.logger.info(
    {
      from: new Date(from).toISOString(),
      written_through: new Date(writtenThrough).toISOString(),
      resume_at: new Date(resumeAt).toISOString(),
      time_factor: options.timeFactor,
      launches_per_day: Math.round(launchesPerDay),
    },
    'live feed (sim) started',
  );
  return {
    mode: 'sim',
    now,
    onChainEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      await paced.stop();
      await ingest.flush(now());
    },
  };
}
