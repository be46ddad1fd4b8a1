import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '@launchlens/indexer';

const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

export interface Replica {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  readonly output: string[];
}

export interface Replicas {
  readonly replicas: readonly Replica[];
  /** The example mint the servers printed (a token of the dataset with data). */
  readonly mint: string;
  stop(): Promise<void>;
}

export interface StartReplicasOptions {
  readonly count: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Extra environment for every replica. */
  readonly env?: Record<string, string>;
}

function startOne(
  env: NodeJS.ProcessEnv,
  children: ChildProcess[],
): Promise<{ replica: Replica; mint: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  return new Promise((resolve, reject) => {
    let url = '';
    let mint = '';
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      url ||= /serving .* at (http:\/\/\S+)/.exec(line)?.[1] ?? '';
      mint ||= /Example mint: (\S+)/.exec(line)?.[1] ?? '';
      if (line.startsWith('Stop with Ctrl-C.')) resolve({ replica: { url, child, output }, mint });
    });
    child.once('exit', (code) => reject(new Error(`replica exited with ${code}:\n${output.join('\n')}`)));
  });
}

/**
 * Starts `count` real server processes (`src/main.ts` under tsx, `NODE_ENV=test`, port 0) sharing
 * one PostgreSQL and one Redis, on a private copy of `datasets/test-small`. The first one fits the
 * dataset's model; the others start together once it is written.
 */
export async function startReplicas(options: StartReplicasOptions): Promise<Replicas> {
  const dir = mkdtempSync(join(tmpdir(), 'replicas-'));
  cpSync(join(REPO_ROOT, 'datasets', 'test-small'), join(dir, 'dataset'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATASET_DIR: join(dir, 'dataset'),
    PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const first = await startOne(env, children);
    const rest = await Promise.all(Array.from({ length: options.count - 1 }, () => startOne(env, children)));
    return { replicas: [first.replica, ...rest.map((r) => r.replica)], mint: first.mint, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
