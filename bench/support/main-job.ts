import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from './node-flags.js';

const MAIN = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

/** The real main job (`packages/server/src/main.ts`) running as a child process. */
export interface MainJob {
  readonly url: string;
  readonly key: string;
  readonly pid: number;
  /** Milliseconds from spawn to the first 200 of `/v1/coverage`. */
  readonly startMs: number;
  /** CPU the process used (user + system) by that first 200, in ms: less load-dependent than `startMs`. */
  readonly startCpuMs: number;
  /** Resolves when the log says the day's calibration is ready. */
  readonly calibrated: Promise<void>;
  /** Resolves when the log says the day's scorecard is computed (at start, in the background), with its ms. */
  readonly scorecardReady: Promise<number>;
  /** Resolves when the start's warm-up has ended (its heap released), with that release's ms. */
  readonly warmedUp: Promise<number>;
  /**
   * The server's own time for a request (its log line's `ms`, from the first middleware to the
   * response), by the `x-request-id` it answered with; waits for the line, written in batches
   * (≤ 50 ms late), up to `waitMs`. Undefined when no line came.
   */
  servedMs(requestId: string, waitMs?: number): Promise<number | undefined>;
  /** Stops it with SIGTERM and waits for it to exit. */
  stop(): Promise<void>;
}

/** The resident set of a process (its own pages, not its children's), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU time (user + system) a process has used, in ms (`/proc/<pid>/stat`, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the main job on a dataset the way `pnpm start` does (flags, a development key), with a fresh ledger. */
export async function startMainJob(datasetDir: string, env: Record<string, string> = {}): Promise<MainJob> {
  const ledgerDir = mkdtempSync(join(tmpdir(), 'scale-ledger-'));
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, '--expose-gc', '--import', 'tsx', MAIN],
    {
      env: {
        ...process.env,
        DATASET_DIR: datasetDir,
        PORT: '0',
        LEDGER_PATH: join(ledgerDir, 'ledger.sqlite'),
        LIVE_FEED: 'off',
        X402_LOCALNET: 'off',
        DEMO_CREDITS: '100000000',
        RATE_LIMIT_PER_MIN: '1000000',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const served = new Map<string, number>();
  lines.on('line', (line) => {
    if (!line.startsWith('{') || !line.includes('"request_id"')) return;
    const entry = JSON.parse(line) as { request_id?: string; ms?: number };
    if (entry.request_id !== undefined && entry.ms !== undefined) served.set(entry.request_id, entry.ms);
  });
  let calibratedResolve: () => void = () => {};
  const calibrated = new Promise<void>((r) => (calibratedResolve = r));
  let scorecardResolve: (ms: number) => void = () => {};
  const scorecardReady = new Promise<number>((r) => (scorecardResolve = r));
  let warmedUpResolve: (ms: number) => void = () => {};
  const warmedUp = new Promise<number>((r) => (warmedUpResolve = r));
  const banner = new Promise<{ url: string; key: string }>((resolve, reject) => {
    let url = '';
    child.once('exit', (code) => reject(new Error(`main job exited with ${code} before serving`)));
    lines.on('line', (line) => {
      url ||= /serving .* at (http:\/\/\S+)/.exec(line)?.[1] ?? '';
      const key = /API key \(.*\): (\S+)$/.exec(line)?.[1];
      if (key && url) resolve({ url, key });
      if (line.includes('calibration ready')) calibratedResolve();
      if (line.includes('scorecard ready')) scorecardResolve((JSON.parse(line) as { ms: number }).ms);
      if (line.includes('warm-up done')) warmedUpResolve((JSON.parse(line) as { ms: number }).ms);
    });
  });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
  const { url, key } = await banner;
  while ((await fetch(`${url}/v1/coverage`).catch(() => null))?.status !== 200) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - started;
  const startCpuMs = cpuMs(child.pid!);
  return {
    url,
    key,
    pid: child.pid!,
    startMs,
    startCpuMs,
    calibrated,
    scorecardReady,
    warmedUp,
    servedMs: async (requestId, waitMs = 500) => {
      for (const deadline = Date.now() + waitMs; !served.has(requestId) && Date.now() < deadline; )
        await new Promise((r) => setTimeout(r, 10));
      const ms = served.get(requestId);
      served.delete(requestId);
      return ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
