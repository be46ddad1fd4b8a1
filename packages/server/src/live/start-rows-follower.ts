import type { LiveFeed } from './live-feed.js';
import { RowsFollower, type RowsFollowerOptions } from './rows-follower.js';

export interface RowsFollowerFeedOptions extends RowsFollowerOptions {
  /** Read the log this often besides when it says it grew (default 1 s; SQLite logs tell only their own process). */
  readonly pollMs?: number;
}

/** The `follow` feed, with the catch-up its tests and callers may wait for. */
export interface FollowFeed extends LiveFeed {
  /** Appends the rows events logged so far; resolves with how many. */
  catchUp(): Promise<number>;
}

/**
 * `LIVE_FEED=follow` (DESIGN §8's replicas): no chain source; the store's delta is built from the
 * shared log's rows stream (`RowsFollower`), caught up in the background from the base's
 * `current_through` and then kept up as the log grows (its notifications, and a poll). Requests
 * never wait for it: until it has caught up they see an older delta.
 */
export function startRowsFollower(options: RowsFollowerFeedOptions): FollowFeed {
  const { log, logger, manifest } = options;
  const follower = new RowsFollower(options);
  const started = performance.now();
  const read = () =>
    follower.catchUp().catch((error: unknown) => {
      logger.error({ err: error }, 'following the log: reading it failed; trying again');
      return null;
    });
  const unsubscribe = log.subscribe((events) => {
    if (events.some((e) => e.stream === follower.stream)) void read();
  });
  const timer = setInterval(() => void read(), options.pollMs ?? 1000);
  timer.unref();
  void read().then((n) => {
    if (n === null) return;
    logger.info(
      {
        ...follower.applied,
        current_through: manifest.current_through,
        ms: Math.round(performance.now() - started),
      },
      'following the log: caught up',
    );
  });
  return {
    mode: 'follow',
    now: () => Date.parse(manifest.current_through),
    onChainEvents: () => () => {},
    catchUp: () => follower.catchUp(),
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await follower.stop();
    },
  };
}
