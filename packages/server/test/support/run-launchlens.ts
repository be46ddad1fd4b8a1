import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs `launchlens ARGS…` in its own process, from the checkout's root. */
export function runLaunchlens(args: readonly string[]): {
  readonly status: number | null;
  readonly stdout: string[];
  readonly stderr: string[];
} {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/server/src/cli/launchlens.ts'), ...args],
    { encoding: 'utf8', cwd: ROOT },
  );
  return { status: run.status, stdout: run.stdout.trim().split('\n'), stderr: run.stderr.trim().split('\n') };
}
