import type { Manifest } from '@launchlens/engine';
import type { TableRows } from '@launchlens/engine/store';
import type { Logger } from 'pino';
import { appendedRowsOf } from './appended-rows-of.js';
import type { EventLog, LoggedEvent, RowsStream } from './event-log.js';
import type { LiveStore } from './live-ingest.js';
import { rowsStreamOf } from './rows-stream-of.js';

export interface RowsFollowerOptions {
  readonly store: LiveStore;
  /** Its `current_through` says what the store holds already, and advances with each rows event appended. */
  readonly manifest: Manifest;
  readonly log: EventLog;
  readonly logger: Logger;
  /** Rows events read at a time (default 32: at most 2 MB of rows, `ROWS_EVENT_BYTES`). */
  readonly batch?: number;
}

/**
 * Appends the dataset's rows stream of the log to a store, so it holds what the writer's store holds: the rows
 * events after the manifest's `current_through` (what the base already has), in id order, each
 * table segment appended with `appendRows` as the writer appended it, `current_through` moved to
 * each event's moment. One read runs at a time from a cursor, so no event is appended twice.
 */
export class RowsFollower {
  private cursor: number | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  /** The dataset's rows stream (`rowsStreamOf`). */
  readonly stream: RowsStream;
  /** Rows events and rows appended so far. */
  readonly applied = { events: 0, rows: 0 };

  constructor(private readonly options: RowsFollowerOptions) {
    this.stream = rowsStreamOf(options.manifest);
  }

  /** Appends every rows event logged before the call (and those logged while it runs); resolves with how many. */
  catchUp(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Starts no more reads and waits for the one in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => {});
  }

  private async drain(): Promise<number> {
    const { log, manifest } = this.options;
    const batch = this.options.batch ?? 32;
    this.cursor ??= await log.idThrough(this.stream, Date.parse(manifest.current_through));
    let appended = 0;
    do {
      this.again = false;
      for (;;) {
        const page = await log.readAfter(this.stream, this.cursor, batch);
        for (const event of page) {
          if (this.stopped) return appended;
          await this.append(event);
          this.cursor = event.id;
          appended++;
        }
        if (page.length < batch) break;
      }
    } while (this.again && !this.stopped);
    return appended;
  }

  private async append(event: LoggedEvent): Promise<void> {
    const { store, manifest, logger } = this.options;
    try {
      for (const { table, rows } of appendedRowsOf(event)) {
        this.applied.rows += await store.appendRows(table, rows as TableRows[typeof table][]);
      }
    } catch (error) {
      // The writer's store took these rows; a store that refuses them holds other rows than its own.
      logger.error({ err: error, event: event.id }, 'following the log: appending a rows event failed');
    }
    this.applied.events++;
    const at = new Date(event.at).toISOString();
    if (at > manifest.current_through) manifest.current_through = at;
  }
}
