// Worker thread entry of `streamSimEvents`: simulates the world and posts its events as batches.
import { parentPort, workerData } from 'node:worker_threads';
import { simulateWorld } from '../sim/simulate-world.js';
import { EventBatchEncoder } from './event-batch-encoder.js';
import type { SimEventsMessage, SimEventsWorkerData } from './stream-sim-events.js';

const { options, batchEvents, maxInFlight, inFlight } = workerData as SimEventsWorkerData;
const port = parentPort!;
const counter = new Int32Array(inFlight);
const encoder = new EventBatchEncoder(batchEvents);
const world = simulateWorld(options);

const post = () => {
  const batch = encoder.take();
  Atomics.add(counter, 0, 1);
  const message: SimEventsMessage = { kind: 'batch', batch };
  port.postMessage(message, [batch.nums.buffer, batch.ids.buffer]);
  for (let n = Atomics.load(counter, 0); n >= maxInFlight; n = Atomics.load(counter, 0)) {
    Atomics.wait(counter, 0, n);
  }
};

for (const _ of world.encodeInto(encoder)) if (encoder.full) post();
if (encoder.size > 0) post();
const done: SimEventsMessage = { kind: 'done', oracle: world.oracle() };
port.postMessage(done);
