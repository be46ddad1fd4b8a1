import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVICE_NODE_FLAGS } from './node-flags.js';

export interface BenchServer {
  readonly app: string;
  readonly hello: string;
  readonly key: string;
  readonly mints: readonly string[];
  readonly hello_bytes: number;
  readonly launches: number;
}

export interface LoadResult {
  readonly rps: number;
  /** Server CPU time (user + system) per request during the measured run. */
  readonly cpu_us_per_request: number;
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections?: number;
  readonly seconds?: number;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Paths to rotate through, one per request. */
  readonly paths?: readonly string[];
  /** URL answering `{us}`: the server process's CPU time so far. */
  readonly cpuUrl?: string;
  /** Fixed offered load (requests/s over all connections); saturated (closed loop) when absent. */
  readonly rate?: number;
}

export interface BenchServerOptions {
  /** Build the identity index before serving, as `main.ts` does in the background at start. */
  readonly identityIndex?: boolean;
  /** Warm the screen cache before serving, as `main.ts` does (default true; only the risk routes read it). */
  readonly warmScreens?: boolean;
  /** Extra environment of the server child (e.g. `BENCH_TRACK_RECORD=1`). */
  readonly env?: Record<string, string>;
}

/** Runs the benchmark server in a child process (so load generation does not share its event loop). */
export async function withBenchServer<T>(
  run: (server: BenchServer) => Promise<T>,
  options: BenchServerOptions = {},
): Promise<T> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...SERVICE_NODE_FLAGS,
      '--import',
      'tsx',
      fileURLToPath(new URL('./http-server-child.ts', import.meta.url)),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_IDENTITY_INDEX: options.identityIndex ? '1' : '0',
        BENCH_WARM_SCREENS: options.warmScreens === false ? '0' : '1',
        ...options.env,
      },
    },
  );
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout! });
      rl.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
    });
    return await run(JSON.parse(line) as BenchServer);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * One autocannon run (default 50 connections for 6 s), after a 1 s warm-up at the same load:
 * closed loop (each connection sends its next request when the last one answered) unless `rate`
 * fixes the offered load.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const once = (seconds: number) => {
    let i = 0;
    const paths = options.paths;
    return autocannon({
      url: options.url,
      connections: options.connections ?? 50,
      duration: seconds,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      ...(options.rate === undefined ? {} : { overallRate: options.rate }),
      requests: paths
        ? [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }]
        : undefined,
    });
  };
  const cpu = async () =>
    options.cpuUrl ? ((await (await fetch(options.cpuUrl)).json()) as { us: number }).us : Number.NaN;
  await once(1);
  const before = await cpu();
  const r = await once(options.seconds ?? 6);
  const after = await cpu();
  return {
    rps: Math.round(r.requests.average),
    cpu_us_per_request: Math.round((after - before) / r.requests.total),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
