// Worker thread entry of `replayInWorker`: replays the history and posts its kept launches in batches.
import { parentPort, workerData } from 'node:worker_threads';
import type { ReplayWorkerData, ReplayWorkerMessage } from './replay-in-worker.js';
import { replayKeptLaunches } from './replay-kept-launches.js';
import type { KeptLaunch } from './sim-launch-states.js';

const { options, batch, maxInFlight, inFlight } = workerData as ReplayWorkerData;
const port = parentPort!;
const counter = new Int32Array(inFlight);

const post = (message: ReplayWorkerMessage) => {
  Atomics.add(counter, 0, 1);
  port.postMessage(message);
  for (let n = Atomics.load(counter, 0); n >= maxInFlight; n = Atomics.load(counter, 0)) {
    Atomics.wait(counter, 0, n);
  }
};

let launches: KeptLaunch[] = [];
for (const kept of replayKeptLaunches(options)) {
  launches.push(kept);
  if (launches.length >= batch) {
    post({ kind: 'launches', launches });
    launches = [];
  }
}
if (launches.length > 0) post({ kind: 'launches', launches });
port.postMessage({ kind: 'done' } satisfies ReplayWorkerMessage);
