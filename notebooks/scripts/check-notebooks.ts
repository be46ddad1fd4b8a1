/**
 * Executes every notebook headlessly on the Deno kernel (`jupyter nbconvert --execute`) and fails
 * when a cell fails or a notebook shows no chart.
 *
 *   tsx notebooks/scripts/check-notebooks.ts           copies executed into a temp folder against a
 *                                                      1000-launch dataset built for it (what
 *                                                      `pnpm test` runs); tracked files are untouched
 *   tsx notebooks/scripts/check-notebooks.ts --save    re-executes the tracked notebooks in place
 *                                                      against DATASET_DIR or datasets/default
 *   … [name …]                                          only the notebooks whose file name contains a name
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNotebookOutputs } from './check-notebook-outputs.js';
import { missingOutputs } from './missing-outputs.js';
import { requireJupyter } from './require-jupyter.js';
import { KERNEL_NAME, writeKernelSpec } from './write-kernel-spec.js';

const NOTEBOOKS = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(NOTEBOOKS, '..');
// 1000 launches ≈ 5 days of history: enough settled history before the 2-day tick window for the
// walk-forward and trading-rule notebooks; the committed 400-launch test-small spans only 2 days.
const CHECK_DATASET = ['--launches', '1000', '--seed', '1', '--end', '2026-10-01T00:00:00Z'];

const args = process.argv.slice(2);
const save = args.includes('--save');
const names = args.filter((a) => !a.startsWith('--'));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(command: string, argv: readonly string[], env: NodeJS.ProcessEnv, cwd = REPO) {
  return new Promise<{ status: number | null; output: string }>((done) => {
    const child = spawn(command, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (status) => done({ status, output }));
  });
}

class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

requireJupyter(['nbconvert'], 'The notebook check (notebooks/scripts/check-notebooks.ts)');
try {
  await main();
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error;
  console.error(`notebooks: ${error.message}`);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  const started = performance.now();
  const jupyterPath = await writeKernelSpec();
  const files = (await readdir(NOTEBOOKS))
    .filter((f) => f.endsWith('.ipynb') && (names.length === 0 || names.some((n) => f.includes(n))))
    .sort();
  if (files.length === 0) fail(`no notebook in ${NOTEBOOKS} matches ${names.join(', ') || '*.ipynb'}`);

  // The shared helpers are type-checked and tested by Deno, from outside the checkout: on a
  // resolution error Deno rewrites the package.json beside a pnpm-workspace.yaml above its folder.
  const deno = JSON.parse(await readFile(join(jupyterPath, 'kernels', KERNEL_NAME, 'kernel.json'), 'utf8'))
    .argv as string[];
  const libDir = join(NOTEBOOKS, 'lib');
  const lib = (await readdir(libDir)).filter((f) => f.endsWith('.ts')).map((f) => join(libDir, f));
  const tests = lib.filter((f) => f.endsWith('.test.ts'));
  for (const [verb, inputs, what] of [
    ['check', lib, 'type-check'],
    ['test', tests, 'pass its tests'],
  ] as const) {
    const done = spawnSync(
      deno[0],
      [...deno.slice(1, -4), verb, '--config', join(NOTEBOOKS, 'deno.json'), ...inputs],
      {
        cwd: tmpdir(),
        env: { ...process.env, NO_COLOR: '1' },
        encoding: 'utf8',
      },
    );
    if (done.status !== 0) fail(`notebooks/lib does not ${what}:\n${done.stdout}${done.stderr}`);
  }

  const scratch = await mkdtemp(join(tmpdir(), 'launchlens-notebooks-'));
  try {
    let dataset: string;
    if (save) {
      dataset = resolve(process.env.DATASET_DIR ?? join(REPO, 'datasets', 'default'));
      if (!existsSync(join(dataset, 'manifest.json')))
        fail(`no dataset at ${dataset}: build it with \`pnpm launchlens dataset build\` or set DATASET_DIR`);
    } else {
      dataset = await checkDataset(scratch);
    }
    const env = {
      ...process.env,
      JUPYTER_PATH: jupyterPath,
      // kernel connection files go to the scratch folder, not ~/.local/share/jupyter/runtime
      JUPYTER_RUNTIME_DIR: join(scratch, 'runtime'),
      DATASET_DIR: dataset,
      NO_COLOR: '1',
    };
    const failures: string[] = [];
    const execute = async (file: string): Promise<void> => {
      const t = performance.now();
      const target = save ? ['--inplace'] : ['--output-dir', scratch];
      const result = await run(
        'jupyter',
        [
          'nbconvert',
          // LingeringExecutePreprocessor: Deno's kernel can report idle before a cell's last outputs
          `--config=${join(NOTEBOOKS, 'scripts', 'nbconvert_config.py')}`,
          '--to',
          'notebook',
          '--execute',
          `--ExecutePreprocessor.kernel_name=${KERNEL_NAME}`,
          '--ExecutePreprocessor.timeout=600',
          // a busy machine delays the kernel's output messages: wait for them, and fail rather than drop one
          '--ExecutePreprocessor.iopub_timeout=60',
          '--ExecutePreprocessor.raise_on_iopub_timeout=True',
          ...target,
          join(NOTEBOOKS, file),
        ],
        env,
      );
      const executed = save ? join(NOTEBOOKS, file) : join(scratch, file);
      const problems =
        result.status === 0
          ? checkNotebookOutputs(JSON.parse(await readFile(executed, 'utf8')), KERNEL_NAME)
          : [`nbconvert failed (exit ${result.status}):\n${errorPart(result.output)}`];
      if (!save) {
        const saved = JSON.parse(await readFile(join(NOTEBOOKS, file), 'utf8'));
        const tracked = checkNotebookOutputs(saved, KERNEL_NAME);
        problems.push(...tracked.map((p) => `saved copy: ${p} (re-run with --save and commit it)`));
        if (result.status === 0 && tracked.length === 0)
          problems.push(...missingOutputs(saved, JSON.parse(await readFile(executed, 'utf8'))));
      }
      console.log(`notebooks: ${file} ${problems.length === 0 ? 'ok' : 'FAILED'} in ${seconds(t)}`);
      for (const p of problems) failures.push(`${basename(file)}: ${p}`);
    };
    // two at a time: measured on 2 cores under load, 77 s one by one against 57 s
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await execute(file);
    };
    await Promise.all([worker(), worker()]);
    if (!save && names.length === 0) failures.push(...(await checkExample(dataset)));
    if (failures.length > 0) fail(`${failures.length} problem(s):\n${failures.join('\n')}`);
    console.log(
      `notebooks: ${files.length} executed on the Deno kernel against ${save ? dataset : 'the check dataset'} in ${seconds(started)}`,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The check dataset, built once per version of what produces it and kept in the git-ignored
 * `.cache/` (a fresh clone builds it: ≈ 10 s on 2 idle cores).
 */
async function checkDataset(scratch: string): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(CHECK_DATASET));
  const sources = ['packages/indexer/src', 'packages/engine/src/tables', 'packages/engine/src/store'];
  for (const root of sources) {
    const entries = await readdir(join(REPO, root), { recursive: true, withFileTypes: true });
    const paths = entries
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const path of paths) hash.update(path.slice(REPO.length)).update(await readFile(path));
  }
  const cacheRoot = join(REPO, '.cache', 'notebooks-check-dataset');
  const dir = join(cacheRoot, hash.digest('hex').slice(0, 16));
  if (existsSync(join(dir, 'manifest.json'))) {
    console.log(`notebooks: check dataset from ${dir.slice(REPO.length + 1)}`);
    return dir;
  }
  const t = performance.now();
  const out = join(scratch, 'dataset');
  const built = await run(
    'pnpm',
    ['-s', 'launchlens', 'dataset', 'build', ...CHECK_DATASET, '--out', out],
    process.env,
  );
  if (built.status !== 0) fail(`building the check dataset failed:\n${built.output}`);
  await rm(cacheRoot, { recursive: true, force: true });
  await mkdir(cacheRoot, { recursive: true });
  await rename(out, dir).catch(() => cp(out, dir, { recursive: true }));
  console.log(
    `notebooks: built the 1000-launch check dataset in ${seconds(t)} (cached in ${dir.slice(REPO.length + 1)})`,
  );
  return dir;
}

/** examples/backtest.ts, the notebook 05 backtest as a script: it runs and reports every band. */
async function checkExample(dataset: string): Promise<string[]> {
  const t = performance.now();
  const result = await run(
    'pnpm',
    ['-s', 'tsx', 'examples/backtest.ts', '--dataset', dataset, '--json'],
    process.env,
  );
  let problem: string | null = null;
  if (result.status !== 0) problem = `exit ${result.status}:\n${result.output}`;
  else {
    const report = JSON.parse(result.output) as { rows: { launches: string; trades: number }[] };
    const labels = report.rows.map((r) => r.launches).join(', ');
    if (labels !== 'extreme, critical, elevated, low (the rule), all launches')
      problem = `rows are ${labels}`;
    else if (report.rows.at(-1)!.trades === 0) problem = 'no trade closed';
  }
  console.log(`notebooks: examples/backtest.ts ${problem === null ? 'ok' : 'FAILED'} in ${seconds(t)}`);
  return problem === null ? [] : [`examples/backtest.ts: ${problem}`];
}

/** nbconvert's traceback is long; the cell and its error start at CellExecutionError. */
function errorPart(output: string): string {
  const at = output.indexOf('CellExecutionError');
  const text = at >= 0 ? output.slice(at) : output;
  return text.split('\n').slice(0, 60).join('\n');
}
