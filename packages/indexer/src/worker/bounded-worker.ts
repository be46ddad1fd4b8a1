import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/** What `runBoundedWorker` hands its worker (`boundedPort` reads it). */
export interface BoundedWorkerData<D> {
  readonly data: D;
  readonly maxInFlight: number;
  /** One Int32: messages posted and not yet consumed. */
  readonly inFlight: SharedArrayBuffer;
}

export interface BoundedWorkerOptions<M> {
  /** Messages the worker may post ahead of the consumer (bounds memory, and what one event-loop turn receives). */
  readonly maxInFlight: number;
  /** Whether `message` is the worker's last: after it, the worker's exit is not a failure. */
  readonly isLast: (message: M) => boolean;
  /** The error thrown to the consumer when the worker fails or exits before its last message. */
  readonly failure: (cause: unknown) => Error;
  readonly resourceLimits?: ResourceLimits;
}

/**
 * Runs the TypeScript module `entry` (a file URL) on a worker thread, through tsx like the rest of
 * the workspace, and yields what it posts (`boundedPort`), in order, its last message included. The
 * worker waits while `maxInFlight` messages are unread; a consumer that stops early terminates it.
 */
export async function* runBoundedWorker<D, M>(
  entry: string,
  data: D,
  options: BoundedWorkerOptions<M>,
): AsyncGenerator<M> {
  const inFlight = new SharedArrayBuffer(4);
  const counter = new Int32Array(inFlight);
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const workerData: BoundedWorkerData<D> = { data, maxInFlight: options.maxInFlight, inFlight };
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData, resourceLimits: options.resourceLimits },
  );
  const queue: M[] = [];
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: M) => {
    queue.push(m);
    if (options.isLast(m)) finished = true;
    notify();
  });
  worker.on('error', (cause) => {
    failure = cause;
    notify();
  });
  worker.on('exit', (code) => {
    if (!finished && failure === null) failure = new Error(`the worker exited with code ${code}`);
    notify();
  });
  try {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift()!;
        Atomics.sub(counter, 0, 1);
        Atomics.notify(counter, 0);
        continue;
      }
      if (failure !== null) throw options.failure(failure);
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!finished) await worker.terminate();
  }
}
