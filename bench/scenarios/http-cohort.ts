/** Paid `POST /v1/cohort` (two filters, 30-day window) with a funded key at 50 connections. Prints one JSON line. */
import { report } from '../scenario-result.js';
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(
  async (s) => ({
    name: 'http-cohort',
    connections: 50,
    launches: s.launches,
    cohort: await load({
      url: `${s.app}/v1/cohort`,
      cpuUrl: `${s.hello}/cpu`,
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: JSON.stringify({
        filters: { top10_pct: { min: 30 }, insiders_pct: { max: 20 } },
        window_days: 30,
      }),
    }),
  }),
  { warmScreens: false },
);
const c = result.cohort;
report({
  name: 'http-cohort',
  metric: `paid POST /v1/cohort (2 filters, 30 days), funded key, ${result.connections} connections`,
  unit: 'req/s',
  value: c.rps,
  notes: `p50 ${c.p50_ms} ms, p99 ${c.p99_ms} ms, server CPU ${c.cpu_us_per_request} µs/request, non-2xx ${c.non2xx}; ${result.launches} launches`,
});
