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
  /**
   * Longest a batch is gathered for, in ms (default 10): `events` may compute each event as it is
   * asked for (the simulator does), and the event loop serves nothing else meanwhile, so a backlog
   * is released in batches of this much work rather than of `maxBatch` events.
   */
  readonly maxBatchMs?: number;
  /** The clock of `maxBatchMs`, in ms (default `performance.now`; tests drive it). */
  readonly workClock?: () => number;
}

/** Events gathered between two readings of the work clock. */
const CLOCK_EVERY = 64;

export interface PacedEvents {
  /** Stops after the batch in hand; resolves when it settled. */
  stop(): Promise<void>;
}

/**
 * Releases a time-ordered event stream as its clock passes each event: a backlog (events already
 * due) in batches of at most `maxBatch` events or `maxBatchMs` of gathering, one per event-loop
 * turn, then every `tickMs`. `through` is the clock reading a batch covers: every event up to it
 * has been released.
 */
export function paceEvents(options: PaceEventsOptions): PacedEvents {
  const tickMs = options.tickMs ?? 200;
  const maxBatch = options.maxBatch ?? 20_000;
  const maxBatchMs = options.maxBatchMs ?? 10;
  const workClock = options.workClock ?? (() => performance.now());
  let peeked: ChainEvent | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    timer = null;
    const now = options.now();
    const batch: ChainEvent[] = [];
    const until = workClock() + maxBatchMs;
    // Cut short by `maxBatch` or `maxBatchMs`: more may be due at once.
    let cut = false;
    for (;;) {
      const n = batch.length;
      if (n === maxBatch || (n > 0 && n % CLOCK_EVERY === 0 && workClock() >= until)) {
        cut = true;
        break;
      }
      if (peeked === null) {
        const r = options.events.next();
        if (r.done) break;
        peeked = r.value;
      }
      if (peeked.at > now) break;
      batch.push(peeked);
      peeked = null;
    }
    let through = now;
    if (cut) {
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
    if (cut) timer = setTimeout(schedule, 0);
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
