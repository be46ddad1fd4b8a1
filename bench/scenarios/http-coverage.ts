/** Free `GET /v1/coverage` (keyless) at 50 connections. Prints one JSON line. */
import { report } from '../scenario-result.js';
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(
  async (s) => ({
    name: 'http-coverage',
    connections: 50,
    launches: s.launches,
    coverage: await load({ url: `${s.app}/v1/coverage`, cpuUrl: `${s.hello}/cpu` }),
  }),
  { warmScreens: false },
);
const c = result.coverage;
report({
  name: 'http-coverage',
  metric: `free GET /v1/coverage, ${result.connections} connections`,
  unit: 'req/s',
  value: c.rps,
  notes: `p50 ${c.p50_ms} ms, p99 ${c.p99_ms} ms, server CPU ${c.cpu_us_per_request} µs/request, non-2xx ${c.non2xx}; ${result.launches} launches`,
});
