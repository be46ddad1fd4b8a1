// Worker thread entry of `replayInWorker`: replays the history and posts its kept launches in batches.
import { boundedPort } from '@launchlens/indexer';
import type { ReplayWorkerData, ReplayWorkerMessage } from './replay-in-worker.js';
import { replayKeptLaunches } from './replay-kept-launches.js';
import type { KeptLaunch } from './sim-launch-states.js';

const port = boundedPort<ReplayWorkerData, ReplayWorkerMessage>();
const { options, batch } = port.data;

let launches: KeptLaunch[] = [];
for (const kept of replayKeptLaunches(options)) {
  launches.push(kept);
  if (launches.length >= batch) {
    port.post({ kind: 'launches', launches });
    launches = [];
  }
}
if (launches.length > 0) port.post({ kind: 'launches', launches });
port.finish({ kind: 'done' });
