/**
 * What the track record costs the paid screen: two server children side by side, the same app on
 * the same dataset, one without and one with the prediction log (SQLite, in the ledger's file, as
 * `main.ts` wires it), loaded in alternation by one autocannon (50 connections, closed loop) for
 * ROUNDS rounds each in the order A B B A …, so drift on the shared machine falls on both. Each
 * load starts with a 1 s warm-up, in which the first screen of each of the 500 mints appends its
 * entry; the measured rounds are the steady state (a verdict is logged once per token). The figure
 * is the ratio of the medians (with ÷ without), and of the server CPU per request.
 */
import { median, report } from '../scenario-result.js';
import { type LoadResult, load, withBenchServer } from '../support/http-harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
// BENCH_CONTROL=1: the second child runs without the log too (an A/A run shows the noise and any
// bias of the second child's placement).
const CONTROL = process.env.BENCH_CONTROL === '1';

// BENCH_SWAP=1 starts the child with the log first (placement on the machine, the other way round).
const SWAP = process.env.BENCH_SWAP === '1';
const withEnv = { env: { BENCH_TRACK_RECORD: CONTROL ? '0' : '1' } };
const result = await withBenchServer(
  async (first) =>
    withBenchServer(
      async (second) => {
        const [without, withLog] = SWAP ? [second, first] : [first, second];
        const screenOf = (s: typeof without) => ({
          url: s.app,
          cpuUrl: `${s.hello}/cpu`,
          headers: { 'x-api-key': s.key },
          paths: s.mints.map((m) => `/v1/screen/${m}`),
        });
        const runs: { without: LoadResult[]; with: LoadResult[] } = { without: [], with: [] };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
          for (const which of order)
            runs[which].push(await load(screenOf(which === 'with' ? withLog : without)));
        }
        const res = await fetch(`${withLog.app}/v1/track-record`);
        const logged = res.ok ? ((await res.json()) as { count: number }) : { count: 0 };
        return { runs, mints: without.mints.length, logged: logged.count, launches: without.launches };
      },
      SWAP ? {} : withEnv,
    ),
  SWAP ? withEnv : {},
);
const rps = (xs: LoadResult[]) => median(xs.map((r) => r.rps));
const cpu = (xs: LoadResult[]) => median(xs.map((r) => r.cpu_us_per_request));
const ratio = Math.round((rps(result.runs.with) / rps(result.runs.without)) * 1000) / 1000;
report({
  name: CONTROL ? 'http-screen-track-record (A/A control)' : 'http-screen-track-record',
  metric: `paid GET /v1/screen throughput with the prediction log ÷ without, 50 connections, median of ${ROUNDS} interleaved rounds each`,
  unit: 'ratio',
  value: ratio,
  target: '≥ 0.97 (appending costs ≤ 3 %)',
  reference: { name: 'screen without the prediction log (req/s)', value: rps(result.runs.without) },
  runs: result.runs.with.map((r, i) => Math.round((r.rps / result.runs.without[i].rps) * 1000) / 1000),
  notes: `${SWAP ? 'child with the log started first; ' : ''}with ${rps(result.runs.with)} req/s, without ${rps(result.runs.without)} req/s; server CPU ${cpu(result.runs.with)} vs ${cpu(result.runs.without)} µs/request; rounds with ${result.runs.with.map((r) => r.rps).join('/')}, without ${result.runs.without.map((r) => r.rps).join('/')}; ${result.logged} entries logged for ${result.mints} mints rotated; ${result.launches} launches`,
});
