/**
 * Paid `GET /v1/screen/{mint}` with a funded key (every call debits the SQLite ledger) against a
 * hello-JSON route of the same stack (Hono + @hono/node-server, 2 KB body), 50 connections, three
 * alternating rounds of each; the ratio is of the median rounds. Prints one JSON line.
 */
import { report } from '../scenario-result.js';
import { type LoadResult, load, withBenchServer } from '../support/http-harness.js';

const ROUNDS = 3;
const medianBy = (runs: LoadResult[], key: keyof LoadResult) =>
  [...runs].sort((a, b) => a[key] - b[key])[runs.length >> 1];

const result = await withBenchServer(async (s) => {
  const hello: LoadResult[] = [];
  const screen: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    hello.push(await load({ url: `${s.hello}/hello`, cpuUrl: `${s.hello}/cpu` }));
    screen.push(
      await load({
        url: s.app,
        cpuUrl: `${s.hello}/cpu`,
        headers: { 'x-api-key': s.key },
        paths: s.mints.map((m) => `/v1/screen/${m}`),
      }),
    );
  }
  const h = medianBy(hello, 'rps');
  const sc = medianBy(screen, 'rps');
  return {
    name: 'http-screen',
    connections: 50,
    launches: s.launches,
    hello_bytes: s.hello_bytes,
    hello: h,
    screen: sc,
    ratio: Math.round((sc.rps / h.rps) * 1000) / 1000,
    cpu_ratio: Math.round((h.cpu_us_per_request / sc.cpu_us_per_request) * 1000) / 1000,
    rounds: { hello_rps: hello.map((r) => r.rps), screen_rps: screen.map((r) => r.rps) },
    target: 'ratio ≥ 0.5 (aim ≥ 0.7), screen p99 ≤ 10 ms',
  };
});
const { hello, screen } = result;
report({
  name: 'http-screen',
  metric: `paid GET /v1/screen, funded key (SQLite debit per call), ${result.connections} connections, median of ${ROUNDS} rounds`,
  unit: 'req/s',
  value: screen.rps,
  target: 'ratio to hello ≥ 0.5 (aim ≥ 0.7); p99 ≤ 10 ms',
  reference: { name: `hello-JSON (${result.hello_bytes} B) on the same stack`, value: hello.rps },
  notes: `screen p50 ${screen.p50_ms} ms, p99 ${screen.p99_ms} ms; hello p99 ${hello.p99_ms} ms; CPU ratio ${result.cpu_ratio}; rounds screen ${result.rounds.screen_rps.join('/')}, hello ${result.rounds.hello_rps.join('/')}; ${result.launches} launches`,
});
