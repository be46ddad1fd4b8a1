/**
 * `pnpm notebooks`: registers the Deno kernel inside the project (notebooks/.jupyter, put on
 * JUPYTER_PATH for this process only) and opens JupyterLab, or the classic notebook, on notebooks/.
 * Extra arguments go to Jupyter (e.g. `pnpm notebooks --no-browser --port 8899`).
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireJupyter } from './require-jupyter.js';
import { writeKernelSpec } from './write-kernel-spec.js';

const NOTEBOOKS = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const app = requireJupyter(['lab', 'notebook'], '`pnpm notebooks`');
const jupyterPath = await writeKernelSpec();
console.log(`Deno kernel "Deno (launchlens)" registered in ${jupyterPath}; opening jupyter ${app}`);
const child = spawn('jupyter', [app, `--notebook-dir=${NOTEBOOKS}`, ...process.argv.slice(2)], {
  cwd: NOTEBOOKS,
  env: { ...process.env, JUPYTER_PATH: jupyterPath },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('close', (status) => {
  process.exitCode = status ?? 1;
});
