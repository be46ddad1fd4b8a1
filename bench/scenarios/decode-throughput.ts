// Decode throughput on one core: a seeded mix of the fixture transactions (getTransaction / notification
// results in jsonParsed and json encodings, and logsSubscribe logs), decoded repeatedly for ~1 s per run.
// Run: pnpm bench decode  → one JSON line: the mix's median of 5 runs, then the transactions alone and the
// log sets alone (median of 3 runs each), all in tx/s of this process's CPU time.
import { readFileSync } from 'node:fs';
import type { RpcTransaction } from '@launchlens/indexer';
import { decodeLogs, decodeTransaction } from '@launchlens/indexer';
import { toJsonEncoding } from '@launchlens/indexer/testing';

const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url);
const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8')) as T;

type Note = { params: { result: RpcTransaction } };
const transactions: RpcTransaction[] = [
  read<Note>('pumpfun/migration-raydium-notification.json').params.result,
  ...read<Note[]>('pumpfun/migrations-raydium.json').map((n) => n.params.result),
  ...read<Note[]>('raydium/post-migration-swaps.json').map((n) => n.params.result),
  read<{ result: RpcTransaction }>('usdc/transfer-checked-getTransaction.json').result,
];
const logSets: { sig: string; logs: string[] }[] = [
  ...read<{ samples: { sig: string; logs: string[] }[] }>('pumpfun/create-buy-logs.json').samples,
  ...(() => {
    const ll =
      read<Record<'stonkfun' | 'other', { sig: string; logs: string[] }[]>>('launchlab/creations.json');
    return [...ll.stonkfun, ...ll.other];
  })(),
];
type Job = () => unknown;
const transactionJobs: Job[] = [
  ...transactions.map(
    (tx): Job =>
      () =>
        decodeTransaction(tx),
  ),
  ...transactions.map(toJsonEncoding).map(
    (tx): Job =>
      () =>
        decodeTransaction(tx),
  ),
];
const logJobs: Job[] = logSets.map(
  (s): Job =>
    () =>
      decodeLogs(s.sig, s.logs),
);
const jobs: Job[] = [...transactionJobs, ...logJobs];

// mulberry32, seed 42: a fixed interleaving of the jobs.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sequence = Array.from({ length: 4096 }, () => jobs[Math.floor(random() * jobs.length)]!);
const transactionSequence = sequence.filter((job) => transactionJobs.includes(job));
const logSequence = sequence.filter((job) => logJobs.includes(job));

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Transactions per second of this process's CPU time (the machine is shared: wall time would count other work). */
function run(seconds: number, order: readonly Job[] = sequence): number {
  let done = 0;
  const start = cpuSeconds();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 256; i++) order[(done + i) % order.length]!();
    done += 256;
  }
  return done / (cpuSeconds() - start);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

run(0.5);
const runs = Array.from({ length: 5 }, () => Math.round(run(1)));
const transactionsOnly = median(Array.from({ length: 3 }, () => run(1, transactionSequence)));
const logsOnly = median(Array.from({ length: 3 }, () => run(1, logSequence)));
console.log(
  JSON.stringify({
    name: 'decode',
    metric: 'throughput on one core, median of 5',
    unit: 'tx/s',
    target: '≥ 20,000 tx/s',
    median: median(runs),
    runs,
    transactions_only: Math.round(transactionsOnly),
    log_sets_only: Math.round(logsOnly),
    mix: `${transactionJobs.length} getTransaction jobs (${transactions.length} jsonParsed + ${transactions.length} json), ${logJobs.length} logsSubscribe log sets, seed 42`,
    timer: 'process cpu time',
  }),
);
