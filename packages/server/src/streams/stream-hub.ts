import type { Ledger } from '../ledger/ledger.js';
import { type EventLog, isRowsStream, type StreamName } from '../live/event-log.js';
import { StreamSubscriber } from './stream-subscriber.js';
import type { StreamSubscription } from './stream-subscription.js';

export interface StreamHubOptions {
  readonly log: EventLog;
  readonly ledger: Ledger;
  readonly now: () => number;
  /** A comment line to every idle connection this often (default 15 s, DESIGN §5). */
  readonly heartbeatMs?: number;
  /** Events a subscriber may hold before it falls back to reading the log (default 256). */
  readonly queueSize?: number;
  /** Events read from the log per page when resuming or catching up (default 200). */
  readonly pageSize?: number;
}

/** Fans appended log events out to the open SSE connections of one process. */
export interface StreamHub {
  /** Opens one connection (it starts after the log's latest id, or after `lastEventId`). */
  open(subscription: StreamSubscription): StreamSubscriber;
  /** Open connections per stream. */
  count(stream?: StreamName): number;
  /** Ends every open stream with `event: end` `{reason: "shutdown"}` and stops listening to the log. */
  close(): void;
}

/** Creates the hub; it first reads the log's latest id, so a fresh connection gets no backlog. */
export async function createStreamHub(options: StreamHubOptions): Promise<StreamHub> {
  const subs = new Map<StreamName, Set<StreamSubscriber>>();
  const setOf = (stream: StreamName) => {
    let set = subs.get(stream);
    if (!set) {
      set = new Set();
      subs.set(stream, set);
    }
    return set;
  };
  let latest = 0;
  const unsubscribe = options.log.subscribe((events) => {
    for (const e of events) {
      if (e.id > latest) latest = e.id;
      // Rows streams are the followers' (`RowsStream`), never a client's.
      if (isRowsStream(e.stream)) continue;
      const set = subs.get(e.stream);
      if (set) for (const s of set) s.offer(e);
    }
  });
  latest = Math.max(latest, await options.log.latestId());
  const timer = setInterval(() => {
    for (const set of subs.values()) for (const s of set) s.heartbeat();
  }, options.heartbeatMs ?? 15_000);
  timer.unref();
  const context = {
    log: options.log,
    ledger: options.ledger,
    now: options.now,
    latestId: () => latest,
    queueSize: options.queueSize ?? 256,
    pageSize: options.pageSize ?? 200,
    onDone: (s: StreamSubscriber) => subs.get(s.subscription.stream)?.delete(s),
  };
  let closed = false;
  return {
    open(subscription) {
      const s = new StreamSubscriber(subscription, context);
      if (closed) s.end('shutdown');
      else setOf(subscription.stream).add(s);
      return s;
    },
    count(stream) {
      if (stream) return subs.get(stream)?.size ?? 0;
      let n = 0;
      for (const set of subs.values()) n += set.size;
      return n;
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      unsubscribe();
      for (const set of subs.values()) for (const s of [...set]) s.end('shutdown');
    },
  };
}
