/** Free `GET /v1/coverage` (keyless) at 50 connections. Prints one JSON line. */
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(async (s) => ({
  name: 'http-coverage',
  connections: 50,
  launches: s.launches,
  coverage: await load({ url: `${s.app}/v1/coverage`, cpuUrl: `${s.hello}/cpu` }),
}));
process.stdout.write(`${JSON.stringify(result)}\n`);
