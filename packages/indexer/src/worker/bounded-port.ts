import { parentPort, type TransferListItem, workerData } from 'node:worker_threads';
import type { BoundedWorkerData } from './bounded-worker.js';

export interface BoundedPort<D, M> {
  /** What the caller of `runBoundedWorker` passed. */
  readonly data: D;
  /** Posts `message`, then waits while the consumer has `maxInFlight` messages unread. */
  post(message: M, transfer?: readonly TransferListItem[]): void;
  /** Posts the last message (no wait). */
  finish(message: M): void;
}

/** The worker side of `runBoundedWorker`: call once, in the worker's entry module. */
export function boundedPort<D, M>(): BoundedPort<D, M> {
  const { data, maxInFlight, inFlight } = workerData as BoundedWorkerData<D>;
  const port = parentPort!;
  const counter = new Int32Array(inFlight);
  return {
    data,
    post(message, transfer = []) {
      Atomics.add(counter, 0, 1);
      port.postMessage(message, transfer);
      for (let n = Atomics.load(counter, 0); n >= maxInFlight; n = Atomics.load(counter, 0)) {
        Atomics.wait(counter, 0, n);
      }
    },
    finish(message) {
      port.postMessage(message);
    },
  };
}
