import type { ChainEvent } from '@launchlens/indexer';

/** A running live feed (DESIGN §7): new launches reach the store, the event log and the streams. */
export interface LiveFeed {
  readonly mode: 'sim' | 'rpc' | 'follow';
  /**
   * The feed's clock: every event up to it has been released. In `sim` mode the simulated world's
   * time, never later than the wall clock (equal to it once caught up); in `rpc` mode the wall
   * clock; in `follow` mode the moment of the last rows event appended.
   */
  now(): number;
  /** Hears every chain event the feed replays (for readers of the live world's state; none when following); returns the unsubscribe. */
  onChainEvents(listener: (events: readonly ChainEvent[]) => void): () => void;
  /** Stops the source and writes what it holds; resolves when done. */
  stop(): Promise<void>;
}
