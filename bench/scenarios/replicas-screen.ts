/**
 * Paid `GET /v1/screen/{mint}` throughput of real server processes (`packages/server/src/main.ts`,
 * `NODE_ENV=test`, default dataset): the embedded default (SQLite ledger, in-process
 * limiter) beside 1 and 2 replicas sharing PostgreSQL (ledger) and Redis (rate limits). Every call
 * is rate-limited, authenticated and debited for real; callers rotate over KEYS funded keys so
 * none reaches 300/min. Two replicas are loaded by two autocannon instances at once (a client-side
 * balancer), 25 connections each; one server gets all 50. Prints one `BENCH` line per figure.
 *
 * On a 2-core machine the two replicas, PostgreSQL, Redis and the load generator share the same
 * cores: the 2-replica figure measures contention there, not what a second machine would add.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDataset } from '@launchlens/engine/store';
import { DEFAULT_DATASET_DIR } from '@launchlens/indexer';
import { type Ledger, openPostgresLedger, openSqliteLedger } from '@launchlens/server';
import autocannon from 'autocannon';
import { median, report } from '../scenario-result.js';
import { SERVICE_NODE_FLAGS } from '../support/node-flags.js';

const MAIN = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEYS = 2000;
const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 50;

const dir = resolve(process.env.DATASET_DIR ?? DEFAULT_DATASET_DIR);
const work = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
const schema = `bench_${randomBytes(4).toString('hex')}`;
const pgUrl = (() => {
  const u = new URL(DATABASE_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
})();
const psql = (sql: string) => execFileSync('psql', [DATABASE_URL, '-qc', sql], { stdio: 'ignore' });

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

/** CPU ticks (user + system) of a process so far, from /proc. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `main.ts`, then waits until its background warm-up (screen cache, indexes) went idle. */
async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const logFile = join(work, `${name}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, '--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', NODE_ENV: 'test', DATASET_DIR: dir, ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let url = '';
  for (let waited = 0; !url; waited += 250) {
    if (child.exitCode !== null || waited > 600_000) {
      throw new Error(`${name} did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    await sleep(250);
    url = /serving .* at (http:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1] ?? '';
  }
  let quiet = 0;
  let last = cpuTicks(child.pid!);
  for (let waited = 0; quiet < 3 && waited < 300_000; waited += 1000) {
    await sleep(1000);
    const now = cpuTicks(child.pid!);
    quiet = now - last < 5 ? quiet + 1 : 0;
    last = now;
  }
  return { url, child };
}

async function stopServer(s: Server): Promise<void> {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

async function fundKeys(ledger: Ledger): Promise<string[]> {
  const secrets: string[] = [];
  for (let i = 0; i < KEYS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: 100 }, () =>
        ledger.createKey({ credits: 1_000_000, owner: 'bench', at: Date.now() }),
      ),
    );
    secrets.push(...batch.map((k) => k.secret));
  }
  await ledger.close();
  return secrets;
}

interface Run {
  readonly rps: number;
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly non2xx: number;
}

/** One autocannon instance per URL at once, CONNECTIONS split among them; rps is their sum. */
async function loadAll(
  urls: readonly string[],
  keys: readonly string[],
  paths: readonly string[],
  seconds: number,
) {
  let i = 0;
  const runs = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: CONNECTIONS / urls.length,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const n = i++;
              return {
                ...req,
                path: paths[n % paths.length],
                headers: { 'x-api-key': keys[n % keys.length] },
              };
            },
          },
        ],
      }),
    ),
  );
  return {
    rps: runs.reduce((s, r) => s + r.requests.average, 0),
    p50_ms: Math.max(...runs.map((r) => r.latency.p50)),
    p99_ms: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  } satisfies Run;
}

async function measure(
  urls: readonly string[],
  keys: readonly string[],
  paths: readonly string[],
): Promise<Run[]> {
  await loadAll(urls, keys, paths, 2);
  const runs: Run[] = [];
  for (let r = 0; r < ROUNDS; r++) runs.push(await loadAll(urls, keys, paths, SECONDS));
  return runs;
}

const summary = (runs: Run[]) => ({
  rps: Math.round(median(runs.map((r) => r.rps))),
  p50: median(runs.map((r) => r.p50_ms)),
  p99: median(runs.map((r) => r.p99_ms)),
  non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  runs: runs.map((r) => Math.round(r.rps)),
});

const store = await openDataset(dir);
const mints = (
  await store.all<{ mint: string }>(
    'SELECT mint FROM tokens WHERE NOT skipped ORDER BY analyzed_at DESC LIMIT 500',
  )
).map((r) => r.mint);
const launches = store.manifest.launches;
await store.close();
const paths = mints.map((m) => `/v1/screen/${m}`);

psql(`CREATE SCHEMA ${schema}`);
try {
  const phase = (label: string, since: number) =>
    process.stderr.write(`  ${label}: ${((performance.now() - since) / 1000).toFixed(1)} s\n`);
  let t = performance.now();
  const ledgerPath = join(work, 'ledger.sqlite');
  const sqliteKeys = await fundKeys(openSqliteLedger(ledgerPath));
  const pgKeys = await fundKeys(await openPostgresLedger({ connectionString: pgUrl }));
  phase('keys funded', t);
  // All three servers warm up at once (each builds its screen cache and identity index), so the
  // warm-ups overlap instead of running one after another; no load runs until all are quiet, and
  // a started server that is not being loaded sits idle.
  t = performance.now();
  const shared = { DATABASE_URL: pgUrl, REDIS_URL };
  const [embedded, a, b] = await Promise.all([
    startServer('embedded', { LEDGER_PATH: ledgerPath }),
    startServer('replica-a', shared),
    startServer('replica-b', shared),
  ]);
  phase('servers warm', t);
  t = performance.now();
  const embeddedRuns = summary(await measure([embedded.url], sqliteKeys, paths));
  await stopServer(embedded);
  const oneRuns = summary(await measure([a.url], pgKeys, paths));
  const twoRuns = summary(await measure([a.url, b.url], pgKeys, paths));
  await Promise.all([stopServer(a), stopServer(b)]);
  phase('load', t);

  const notes = (s: ReturnType<typeof summary>) =>
    `p50 ${s.p50} ms, p99 ${s.p99} ms, non-2xx ${s.non2xx}; ${CONNECTIONS} connections, ${KEYS} keys, ${launches.toLocaleString('en')} launches`;
  const reference = { name: 'embedded default', value: embeddedRuns.rps };
  report(
    {
      name: 'replicas-screen/embedded',
      metric: 'paid screen throughput (SQLite ledger, memory limiter, 1 process)',
      unit: 'req/s',
      value: embeddedRuns.rps,
      runs: embeddedRuns.runs,
      notes: notes(embeddedRuns),
    },
    {
      name: 'replicas-screen/postgres-1',
      metric: 'paid screen throughput (PostgreSQL ledger, Redis limiter, 1 replica)',
      unit: 'req/s',
      value: oneRuns.rps,
      reference,
      runs: oneRuns.runs,
      notes: notes(oneRuns),
    },
    {
      name: 'replicas-screen/postgres-2',
      metric: 'paid screen throughput (PostgreSQL ledger, Redis limiter, 2 replicas, same 2 cores)',
      unit: 'req/s',
      value: twoRuns.rps,
      reference,
      runs: twoRuns.runs,
      notes: notes(twoRuns),
    },
  );
} finally {
  psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  rmSync(work, { recursive: true, force: true });
}
