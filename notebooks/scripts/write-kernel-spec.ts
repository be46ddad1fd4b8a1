import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KERNEL_NAME = 'launchlens-deno';
const NOTEBOOKS = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes the Deno kernelspec into `notebooks/.jupyter/kernels/launchlens-deno/` (git-ignored)
 * with the absolute path of the workspace's `deno` binary, and returns the folder to put on
 * `JUPYTER_PATH`. Nothing is written to the user's home; rewriting it every time keeps it
 * right when the checkout moves.
 */
export async function writeKernelSpec(): Promise<string> {
  const require = createRequire(join(NOTEBOOKS, 'package.json'));
  const denoDir = dirname(require.resolve('deno/package.json'));
  const binary = join(denoDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  // deno's postinstall links the platform binary beside its package.json; without it, its shim runs it
  const command = existsSync(binary) ? [binary] : [process.execPath, join(denoDir, 'bin.cjs')];
  const jupyterPath = join(NOTEBOOKS, '.jupyter');
  const dir = join(jupyterPath, 'kernels', KERNEL_NAME);
  await mkdir(dir, { recursive: true });
  const spec = {
    argv: [...command, 'jupyter', '--kernel', '--conn', '{connection_file}'],
    display_name: 'Deno (launchlens)',
    language: 'typescript',
    env: { NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
  };
  await writeFile(join(dir, 'kernel.json'), `${JSON.stringify(spec, null, 2)}\n`);
  return jupyterPath;
}
