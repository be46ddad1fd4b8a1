/**
 * Instructions per paid screen call under callgrind, for one source tree (see `screen-cpu.ts`):
 * repeatable on a loaded machine, where CPU time is not. The tree's bench server runs under
 * `valgrind --tool=callgrind`; after WARM calls (JIT settled) the counters are zeroed, N calls are
 * made (CONN connections), and the dump's totals are divided by N: all threads, and the event-loop
 * thread alone (`SpinEventLoopInternal`, which leaves out concurrent marking and JIT compiles).
 * A major GC in the window moves the all-threads figure by ≈ 100k: compare the main-thread one.
 * Under valgrind V8's optimizing compiler keeps recompiling long after warm-up (≈ 100k a call, and
 * not the same from run to run): `NODE_FLAGS=--max-opt=2` (Maglev at most) gives steadier counts.
 * Usage: `WARM=8000 N=4000 DATASET_DIR=… tsx bench/compare/screen-instructions.ts TREE OUT_DIR`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { SERVICE_NODE_FLAGS } from '../support/node-flags.js';

const [tree, out] = process.argv.slice(2);
const WARM = Number(process.env.WARM ?? 8000);
const N = Number(process.env.N ?? 4000);
const CONN = Number(process.env.CONN ?? 10);
mkdirSync(out, { recursive: true });

const child = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    `--callgrind-out-file=${join(out, 'callgrind.%p')}`,
    process.execPath,
    ...SERVICE_NODE_FLAGS,
    ...(process.env.NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    '--import',
    'tsx',
    `${tree}/bench/support/http-server-child.ts`,
  ],
  { cwd: tree, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, BENCH_IDENTITY_INDEX: '0' } },
);
const s = JSON.parse(
  await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
);
let i = 0;
const calls = (amount: number) =>
  autocannon({
    url: s.app,
    connections: CONN,
    amount,
    timeout: 120,
    headers: { 'x-api-key': s.key },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/v1/screen/${s.mints[i++ % s.mints.length]}` }) }],
  });
try {
  await calls(WARM);
  execFileSync('callgrind_control', ['-z', String(child.pid)]);
  const measured = await calls(N);
  execFileSync('callgrind_control', ['-d', 'measured', String(child.pid)]);
  const dump = readdirSync(out).find((f) => f.endsWith('.1'))!;
  const annotated = execFileSync(
    'callgrind_annotate',
    ['--inclusive=yes', '--threshold=100', join(out, dump)],
    {
      maxBuffer: 1 << 28,
    },
  ).toString();
  const count = (pattern: RegExp) => Number(annotated.match(pattern)?.[1].replace(/,/g, '') ?? Number.NaN);
  const total = count(/^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS/m);
  const main = count(/^\s*([\d,]+) \([^)]*\)\s+\?\?\?:node::SpinEventLoopInternal/m);
  const sqlite = count(/^\s*([\d,]+) \([^)]*\)\s+\?\?\?:sqlite3VdbeExec/m);
  const per = (n: number) => Math.round(n / measured.requests.total);
  console.log(
    JSON.stringify({
      tree,
      calls: measured.requests.total,
      non2xx: measured.non2xx,
      instructions_per_call: per(total),
      main_thread_per_call: per(main),
      sqlite_vdbe_per_call: per(sqlite),
    }),
  );
} finally {
  child.kill('SIGKILL');
}
