// Worker thread entry of `streamSimEvents`: simulates the world and posts its events as batches.
import { simulateWorld } from '../sim/simulate-world.js';
import { boundedPort } from '../worker/bounded-port.js';
import { EventBatchEncoder } from './event-batch-encoder.js';
import type { SimEventsMessage, SimEventsWorkerData } from './stream-sim-events.js';

const port = boundedPort<SimEventsWorkerData, SimEventsMessage>();
const { options, batchEvents } = port.data;
const encoder = new EventBatchEncoder(batchEvents);
const world = simulateWorld(options);

const post = () => {
  const batch = encoder.take();
  port.post({ kind: 'batch', batch }, [batch.nums.buffer, batch.ids.buffer]);
};

for (const _ of world.encodeInto(encoder)) if (encoder.full) post();
if (encoder.size > 0) post();
port.finish({ kind: 'done', oracle: world.oracle() });
