import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ServerError } from '../errors/server-error.js';
import type { ReplayKeptOptions } from './replay-kept-launches.js';
import type { KeptLaunch } from './sim-launch-states.js';

export interface ReplayWorkerData {
  readonly options: ReplayKeptOptions;
  readonly batch: number;
  readonly maxInFlight: number;
  /** One Int32: messages posted and not yet consumed. */
  readonly inFlight: SharedArrayBuffer;
}

export type ReplayWorkerMessage =
  | { readonly kind: 'launches'; readonly launches: readonly KeptLaunch[] }
  | { readonly kind: 'done' };

export interface ReplayInWorkerOptions {
  /** Launches per message (default 1: the event loop stores them, ≈ 0.3 ms each, between other work). */
  readonly batch?: number;
}

/**
 * Messages the worker may run ahead of the consumer: a backlog is handed over in one event-loop
 * turn, so this bounds the turn as well as the memory.
 */
const MAX_IN_FLIGHT = 2;

/**
 * `replayKeptLaunches` on a worker thread, its launches in order in batches of `batch`: the
 * replay (≈ 1.5 ms a launch, a minute of CPU for 24k launches) stays off the event loop, which
 * only receives the folded states. The worker runs TypeScript from source through tsx, like the
 * rest of the workspace (`streamSimEvents`).
 */
export async function* replayInWorker(
  options: ReplayKeptOptions,
  { batch = 1 }: ReplayInWorkerOptions = {},
): AsyncGenerator<readonly KeptLaunch[]> {
  const inFlight = new SharedArrayBuffer(4);
  const counter = new Int32Array(inFlight);
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = pathToFileURL(require.resolve('./replay-kept-launches-worker.ts')).href;
  const data: ReplayWorkerData = { options, batch, maxInFlight: MAX_IN_FLIGHT, inFlight };
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: data },
  );
  const queue: (readonly KeptLaunch[])[] = [];
  let done = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: ReplayWorkerMessage) => {
    if (m.kind === 'launches') queue.push(m.launches);
    else done = true;
    notify();
  });
  worker.on('error', (cause) => {
    failure = cause;
    notify();
  });
  worker.on('exit', (code) => {
    if (!done && failure === null) failure = new Error(`the replay worker exited with code ${code}`);
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
      if (failure !== null)
        throw new ServerError('internal_error', 'the simulated chain replay failed', { cause: failure });
      if (done) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!done) await worker.terminate();
  }
}
