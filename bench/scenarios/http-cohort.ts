/** Paid `POST /v1/cohort` (two filters, 30-day window) with a funded key at 50 connections. Prints one JSON line. */
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(async (s) => ({
  name: 'http-cohort',
  connections: 50,
  launches: s.launches,
  cohort: await load({
    url: `${s.app}/v1/cohort`,
    cpuUrl: `${s.hello}/cpu`,
    method: 'POST',
    headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
    body: JSON.stringify({ filters: { top10_pct: { min: 30 }, insiders_pct: { max: 20 } }, window_days: 30 }),
  }),
}));
process.stdout.write(`${JSON.stringify(result)}\n`);
