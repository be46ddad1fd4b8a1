// Worker entry for bounded-worker.test.ts: posts 0 … count − 1 then 'end', or throws at `failAt`.
import { boundedPort } from './bounded-port.js';

const port = boundedPort<{ count: number; failAt: number | null }, number | 'end'>();
const { count, failAt } = port.data;
for (let i = 0; i < count; i++) {
  if (i === failAt) throw new Error(`failed at ${i}`);
  port.post(i);
}
port.finish('end');
