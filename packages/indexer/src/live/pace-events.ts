import type { ChainEvent } from '../events/chain-event.js';

export interface PaceEventsOptions {
  readonly events: Iterator<ChainEvent>;
  /** Now on the events' clock: every event at or before it is released. */
  readonly now: () => number;
  /** Receives each released batch in order; the next batch waits for it to settle. */
  readonly onEvents: (events: readonly ChainEvent[], through: number) => void | Promise<void>;
  readonly onError: (error: unknown) => void;
  /** How often to look at the clock when caught up (default 200 ms). */
  readonly tickMs?: number;
  /** Most events released at once; a backlog is released over several turns (default 20,000). */
  readonly maxBatch?: number;
}

export interface PacedEvents {
  /** Stops after the batch in hand; resolves when it settled. */
  stop(): Promise<void>;
}

/**
 * Releases a time-ordered event stream as its clock passes each event: a backlog (events already
 * due) in batches without waiting, then every `tickMs`. `through` is the clock reading a batch
 * covers: every event up to it has been released.
 */
export function paceEvents(options: PaceEventsOptions): PacedEvents {
  const tickMs = options.tickMs ?? 200;
  const maxBatch = options.maxBatch ?? 20_000;
  let peeked: ChainEvent | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    timer = null;
    const now = options.now();
    const batch: ChainEvent[] = [];
    while (batch.length < maxBatch) {
      if (peeked === null) {
        const r = options.events.next();
        if (r.done) break;
        peeked = r.value;
      }
      if (peeked.at > now) break;
      batch.push(peeked);
      peeked = null;
    }
    const full = batch.length === maxBatch;
    let through = now;
    if (full) {
      // Events at the last one's moment may be left for the next batch: then this one covers less.
      const last = batch[batch.length - 1].at;
      if (peeked === null) {
        const r = options.events.next();
        if (!r.done) peeked = r.value;
      }
      through = peeked !== null && peeked.at <= last ? last - 1 : last;
    }
    try {
      await options.onEvents(batch, through);
    } catch (error) {
      options.onError(error);
    }
    if (stopped) return;
    if (full) timer = setTimeout(schedule, 0);
    else timer = setTimeout(schedule, tickMs);
  };
  const schedule = () => {
    running = tick();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
