import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OracleRow } from '@launchlens/engine/internal';
import { IndexerError } from '../indexer-error.js';
import type { SimOptions } from '../sim/simulate-world.js';
import type { EventBatch } from './event-batch.js';

export interface SimEventsWorkerData {
  readonly options: SimOptions;
  readonly batchEvents: number;
  readonly maxInFlight: number;
  /** One Int32: batches posted and not yet consumed. */
  readonly inFlight: SharedArrayBuffer;
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
 * Runs `simulateWorld(options)` on a worker thread so simulation overlaps whatever the caller does
 * with the events. The worker runs TypeScript from source through tsx, like the rest of the workspace.
 */
export function streamSimEvents(options: SimOptions): SimEventStream {
  const inFlight = new SharedArrayBuffer(4);
  const counter = new Int32Array(inFlight);
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = pathToFileURL(require.resolve('./sim-events-worker.ts')).href;
  const data: SimEventsWorkerData = {
    options,
    batchEvents: BATCH_EVENTS,
    maxInFlight: MAX_IN_FLIGHT,
    inFlight,
  };
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    {
      eval: true,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: 4096, maxYoungGenerationSizeMb: 64 },
    },
  );
  const queue: EventBatch[] = [];
  let oracle: readonly OracleRow[] | null = null;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: SimEventsMessage) => {
    if (m.kind === 'batch') queue.push(m.batch);
    else oracle = m.oracle;
    notify();
  });
  worker.on('error', (cause) => {
    failure = cause;
    notify();
  });
  worker.on('exit', (code) => {
    if (oracle === null && failure === null) failure = new Error(`worker exited with code ${code}`);
    notify();
  });

  async function* batches(): AsyncGenerator<EventBatch> {
    try {
      for (;;) {
        if (queue.length > 0) {
          const batch = queue.shift()!;
          yield batch;
          Atomics.sub(counter, 0, 1);
          Atomics.notify(counter, 0);
          continue;
        }
        if (failure !== null) {
          throw new IndexerError('sim_worker_failed', `simulator worker failed: ${String(failure)}`, failure);
        }
        if (oracle !== null) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      if (oracle === null) await worker.terminate();
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
