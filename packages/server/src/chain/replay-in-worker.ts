import { runBoundedWorker } from '@launchlens/indexer';
import { ServerError } from '../errors/server-error.js';
import type { ReplayKeptOptions } from './replay-kept-launches.js';
import type { KeptLaunch } from './sim-launch-states.js';

export interface ReplayWorkerData {
  readonly options: ReplayKeptOptions;
  readonly batch: number;
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
 * `replayKeptLaunches` on a worker thread (`replay-kept-launches-worker.ts`), its launches in
 * order in batches of `batch`: the replay (≈ 1.5 ms a launch, a minute of CPU for 24k launches)
 * stays off the event loop, which only receives the folded states.
 */
export async function* replayInWorker(
  options: ReplayKeptOptions,
  { batch = 1 }: ReplayInWorkerOptions = {},
): AsyncGenerator<readonly KeptLaunch[]> {
  const messages = runBoundedWorker<ReplayWorkerData, ReplayWorkerMessage>(
    new URL('./replay-kept-launches-worker.ts', import.meta.url).href,
    { options, batch },
    {
      maxInFlight: MAX_IN_FLIGHT,
      isLast: (m) => m.kind === 'done',
      failure: (cause) => new ServerError('internal_error', 'the simulated chain replay failed', { cause }),
    },
  );
  for await (const m of messages) if (m.kind === 'launches') yield m.launches;
}
