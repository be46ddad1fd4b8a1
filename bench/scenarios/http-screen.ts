/**
 * Paid `GET /v1/screen/{mint}` with a funded key (every call debits the SQLite ledger) against a
 * hello-JSON route of the same stack (Hono + @hono/node-server, 2 KB body), 50 connections, three
 * alternating rounds of each, closed loop (saturated); the ratio is of the median rounds. Then
 * screen at a fixed offered load of 50 % and 80 % of hello's and of its own saturated rate, where
 * its p99 is the latency a service level is stated at: saturated, mean latency is 50 / throughput
 * (Little's law), so its p99 measures the queue the closed loop builds (docs/decisions.md).
 */
import { report } from '../scenario-result.js';
import { type LoadResult, load, withBenchServer } from '../support/http-harness.js';

const ROUNDS = 3;
const OFFERED_SHARES = [0.5, 0.8];
const medianBy = (runs: LoadResult[], key: keyof LoadResult) =>
  [...runs].sort((a, b) => a[key] - b[key])[runs.length >> 1];

const result = await withBenchServer(async (s) => {
  const screenLoad = {
    url: s.app,
    cpuUrl: `${s.hello}/cpu`,
    headers: { 'x-api-key': s.key },
    paths: s.mints.map((m) => `/v1/screen/${m}`),
  };
  const hello: LoadResult[] = [];
  const screen: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    hello.push(await load({ url: `${s.hello}/hello`, cpuUrl: `${s.hello}/cpu` }));
    screen.push(await load(screenLoad));
  }
  const h = medianBy(hello, 'rps');
  const sc = medianBy(screen, 'rps');
  const paced = [];
  for (const [of, saturated] of [
    ['hello', h.rps],
    ['screen', sc.rps],
  ] as const) {
    for (const share of OFFERED_SHARES) {
      const rate = Math.round(saturated * share);
      paced.push({ of, share, rate, ...(await load({ ...screenLoad, rate })) });
    }
  }
  return {
    name: 'http-screen',
    connections: 50,
    launches: s.launches,
    hello_bytes: s.hello_bytes,
    hello: h,
    screen: sc,
    paced,
    ratio: Math.round((sc.rps / h.rps) * 1000) / 1000,
    cpu_ratio: Math.round((h.cpu_us_per_request / sc.cpu_us_per_request) * 1000) / 1000,
    rounds: { hello_rps: hello.map((r) => r.rps), screen_rps: screen.map((r) => r.rps) },
    target: 'ratio ≥ 0.5 (aim ≥ 0.7), screen p99 ≤ 10 ms',
  };
});
const { hello, screen } = result;
report(
  {
    name: 'http-screen',
    metric: `paid GET /v1/screen, funded key (SQLite debit per call), ${result.connections} connections, median of ${ROUNDS} rounds`,
    unit: 'req/s',
    value: screen.rps,
    target: 'ratio to hello ≥ 0.5 (aim ≥ 0.7); p99 ≤ 10 ms',
    reference: { name: `hello-JSON (${result.hello_bytes} B) on the same stack`, value: hello.rps },
    notes: `screen p50 ${screen.p50_ms} ms, p99 ${screen.p99_ms} ms (saturated: mean latency = 50 / throughput); hello p99 ${hello.p99_ms} ms; server CPU ${screen.cpu_us_per_request} vs ${hello.cpu_us_per_request} µs/request; rounds screen ${result.rounds.screen_rps.join('/')}, hello ${result.rounds.hello_rps.join('/')}; ${result.launches} launches`,
  },
  ...result.paced.map((p) => ({
    name: `http-screen @${Math.round(p.share * 100)}% of ${p.of}`,
    metric: `paid GET /v1/screen p99 at a fixed offered load of ${p.rate} req/s (${Math.round(p.share * 100)} % of ${p.of}'s saturated rate), ${result.connections} connections`,
    unit: 'ms',
    value: p.p99_ms,
    target: 'p99 ≤ 10 ms',
    notes: `achieved ${p.rps} req/s, p50 ${p.p50_ms} ms, server CPU ${p.cpu_us_per_request} µs/request, non-2xx ${p.non2xx}; latency is from each request's send, and a late answer holds its connection (autocannon paces per connection)`,
  })),
);
