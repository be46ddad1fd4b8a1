/**
 * Paid screen server CPU per call, old against new in one sitting: each argument is a source tree
 * (a checkout or `git archive` of a commit, with this repo's node_modules linked in); each runs
 * its own `bench/support/http-server-child.ts` and they are loaded in alternation (order reversed
 * every round), 50 connections, a hello-JSON round before each screen round. Prints every round
 * and, per tree, the median server CPU µs per call (process.cpuUsage), req/s and ratio to hello.
 * `RATE` fixes the offered load (requests/s) of every round instead of loading as fast as answered:
 * CPU per call at the same rate is steadier on a shared machine than saturated throughput.
 * Usage: `ROUNDS=6 SECONDS_PER=5 [RATE=3000] DATASET_DIR=… tsx bench/compare/screen-cpu.ts TREE…`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type LoadResult, load } from '../support/http-harness.js';
import { SERVICE_NODE_FLAGS } from '../support/node-flags.js';

interface Served {
  readonly tree: string;
  readonly child: ChildProcess;
  readonly app: string;
  readonly hello: string;
  readonly key: string;
  readonly mints: readonly string[];
}

const trees = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 4);
const seconds = Number(process.env.SECONDS_PER ?? 5);
const rate = process.env.RATE === undefined ? undefined : Number(process.env.RATE);

async function serve(tree: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, '--import', 'tsx', `${tree}/bench/support/http-server-child.ts`],
    { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_IDENTITY_INDEX: '0' } },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${tree}: the bench server exited with ${code}`)));
  });
  return { tree, child, ...JSON.parse(line) };
}

const served = await Promise.all(trees.map(serve));
const results = new Map<string, { hello: LoadResult; screen: LoadResult }[]>();
try {
  for (let round = 0; round < rounds; round++) {
    for (const s of round % 2 === 0 ? served : [...served].reverse()) {
      const cpuUrl = `${s.hello}/cpu`;
      const hello = await load({ url: `${s.hello}/hello`, cpuUrl, seconds, rate });
      const screen = await load({
        url: s.app,
        cpuUrl,
        seconds,
        rate,
        headers: { 'x-api-key': s.key },
        paths: s.mints.map((m) => `/v1/screen/${m}`),
      });
      results.set(s.tree, [...(results.get(s.tree) ?? []), { hello, screen }]);
      console.log(JSON.stringify({ round, tree: s.tree, hello, screen }));
    }
  }
} finally {
  for (const s of served) s.child.kill('SIGTERM');
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Each round's figure over the first tree's in the same round: load changes between rounds
// move both, so the median of these ratios is steadier than a ratio of medians.
const first = results.get(trees[0])!;
for (const [tree, rs] of results) {
  const cpu = rs.map((r) => r.screen.cpu_us_per_request);
  const paired = rs.map((r, i) => r.screen.cpu_us_per_request / first[i].screen.cpu_us_per_request);
  console.log(
    `${tree}: screen ${median(cpu)} µs/call (${cpu.join(' ')}), ${median(rs.map((r) => r.screen.rps))} req/s, ` +
      `hello ${median(rs.map((r) => r.hello.cpu_us_per_request))} µs, ratio ${median(rs.map((r) => r.screen.rps / r.hello.rps)).toFixed(3)}, ` +
      `CPU a call ÷ ${trees[0]} per round ${median(paired).toFixed(3)}`,
  );
}
