import type { WriterClaim } from './writer-claim.js';

/** The three SSE streams (API-SPEC §6) and the `event:` type each one sends. */
export const STREAM_EVENT_TYPES = {
  migrations: 'migration',
  kols: 'kol_trade',
  wallets: 'wallet',
} as const;

export type StreamName = keyof typeof STREAM_EVENT_TYPES;

export const STREAM_NAMES = Object.keys(STREAM_EVENT_TYPES) as StreamName[];

/**
 * A stream of the rows the live feed appends to its store (`rowsEventsOf`), which followers append
 * to theirs; one per live world (`rowsStreamOf`). Not an SSE stream: no route serves it and the
 * stream hub skips it.
 */
export type RowsStream = `rows:${string}`;

/** True for a rows stream. */
export const isRowsStream = (stream: string): stream is RowsStream => stream.startsWith('rows:');

/** A stream of the log: the three SSE streams and the rows streams. */
export type LogStream = StreamName | RowsStream;

/** An event to append: `key` names it within its stream, so publishing it again is a no-op. */
export interface NewEvent {
  readonly stream: LogStream;
  readonly key: string;
  /** When it happened (epoch ms, the feed's clock). */
  readonly at: number;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** An appended event: `data` is the payload's JSON text, written to SSE as it is. */
export interface LoggedEvent {
  readonly id: number;
  readonly stream: LogStream;
  readonly key: string;
  readonly at: number;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly data: string;
}

export type EventListener = (events: readonly LoggedEvent[]) => void;

/**
 * The append-only event log behind SSE resume (DESIGN §7). Ids increase monotonically across all
 * streams and are never reused; an id becomes visible to `readAfter` only after every smaller id
 * is visible, so a reader that saw id n never later finds an unseen id below n. The embedded
 * implementation is SQLite (`openSqliteEventLog`); a PostgreSQL one keeps the same contract.
 */
export interface EventLog {
  /** Appends in order; events whose (stream, key) is already logged are skipped. Returns what was added. */
  append(events: readonly NewEvent[]): Promise<readonly LoggedEvent[]>;
  /** Up to `limit` events of `stream` with id > `afterId`, in id order. */
  readAfter(stream: LogStream, afterId: number, limit: number): Promise<readonly LoggedEvent[]>;
  /** The largest id of `stream` whose event happened at or before `at` (0 when none). */
  idThrough(stream: LogStream, at: number): Promise<number>;
  /** The largest id appended so far (0 when empty), across streams. */
  latestId(): Promise<number>;
  /**
   * Deletes the events of rows stream `stream` that happened at or before `at` (a base folded
   * through `at` holds their rows); returns how many. Ids are never reused, so cursors stay valid.
   */
  pruneRows(stream: RowsStream, at: number): Promise<number>;
  /**
   * Claims the writer of rows stream `stream` (one writer per log): while it is held, every other
   * claim on the stream, from any process, is `held`. It ends with its release, with `close`, or
   * with the holder's process (its connection, on PostgreSQL).
   */
  claimWriter(stream: RowsStream): Promise<WriterClaim>;
  /** Calls `listener` with every batch appended after this call, in id order; returns the unsubscribe. */
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}
