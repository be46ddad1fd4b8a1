import type { OracleRow } from '@launchlens/engine/internal';
import { IndexerError } from '../indexer-error.js';
import type { SimOptions } from '../sim/simulate-world.js';
import { runBoundedWorker } from '../worker/bounded-worker.js';
import type { EventBatch } from './event-batch.js';

export interface SimEventsWorkerData {
  readonly options: SimOptions;
  readonly batchEvents: number;
}

export type SimEventsMessage =
  | { readonly kind: 'batch'; readonly batch: EventBatch }
  | { readonly kind: 'done'; readonly oracle: readonly OracleRow[] };

export interface SimEventStream {
  /** The world's events in order, as batches; each is consumed before the next is asked for. */
  readonly batches: AsyncIterable<EventBatch>;
  /** The oracle rows, once every batch has been read. */
  readonly oracle: () => readonly OracleRow[];
}

/** Events per batch, and batches the worker may run ahead of the consumer (memory bound). */
const BATCH_EVENTS = 8192;
const MAX_IN_FLIGHT = 8;

/**
 * Runs `simulateWorld(options)` on a worker thread (`sim-events-worker.ts`) so simulation overlaps
 * whatever the caller does with the events.
 */
export function streamSimEvents(options: SimOptions): SimEventStream {
  let oracle: readonly OracleRow[] | null = null;
  async function* batches(): AsyncGenerator<EventBatch> {
    const messages = runBoundedWorker<SimEventsWorkerData, SimEventsMessage>(
      new URL('./sim-events-worker.ts', import.meta.url).href,
      { options, batchEvents: BATCH_EVENTS },
      {
        maxInFlight: MAX_IN_FLIGHT,
        isLast: (m) => m.kind === 'done',
        failure: (cause) =>
          new IndexerError('sim_worker_failed', `simulator worker failed: ${String(cause)}`, cause),
        resourceLimits: { maxOldGenerationSizeMb: 4096, maxYoungGenerationSizeMb: 64 },
      },
    );
    for await (const m of messages) {
      if (m.kind === 'batch') yield m.batch;
      else oracle = m.oracle;
    }
  }
  return {
    batches: { [Symbol.asyncIterator]: batches },
    oracle: () => {
      if (oracle === null) throw new IndexerError('sim_worker_failed', 'the simulation has not finished');
      return oracle;
    },
  };
}
