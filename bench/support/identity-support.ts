/**
 * Shared pieces of the `bench/identity-*.ts` scenarios: open the dataset through the engine's
 * store and time the engine function beside the raw time of its main query (the same SQL run
 * through the store's prepared statement, with none of the engine's other queries or shaping).
 * Each scenario prints one `BENCH` line (see `report`).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetStore } from '@launchlens/engine';
import type { IdentityIndex } from '@launchlens/engine/internal';
import type { SqlParam } from '@launchlens/engine/store';
import { openDataset } from '@launchlens/engine/store';
import { median, quantile, report, type ScenarioResult } from '../scenario-result.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DATASET_DIR = resolve(ROOT, process.env.DATASET_DIR ?? 'datasets/default');

/** Prints the one result line of a scenario as a `BENCH` line, so its `reference` reaches RESULTS.md. */
export function emit(result: ScenarioResult): void {
  report(result);
}

function skipped(result: ScenarioResult): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** The engine store over the bench dataset, or null after printing why the scenario was skipped. */
export async function openBenchDataset(name: string): Promise<DatasetStore | null> {
  if (!existsSync(join(DATASET_DIR, 'manifest.json'))) {
    skipped({
      name,
      metric: 'skipped',
      unit: 'ms',
      value: Number.NaN,
      notes: `no dataset at ${DATASET_DIR}: build it with \`pnpm launchlens dataset build\` (or set DATASET_DIR)`,
    });
    return null;
  }
  return openDataset(DATASET_DIR);
}

/** Milliseconds to run `sql` once through the store: DuckDB's prepared statement plus row conversion, no engine code. */
export async function timeQuery(
  db: DatasetStore,
  sql: string,
  params: Readonly<Record<string, SqlParam>>,
): Promise<number> {
  const t0 = performance.now();
  await db.all(sql, params);
  return performance.now() - t0;
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed, one after another; returns ms per run. */
export async function timeRuns(
  runs: number,
  warmup: number,
  fn: (i: number) => Promise<unknown>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Runs an already-timed function (it returns its own ms) the same way as `timeRuns`. */
export async function timeRaw(
  runs: number,
  warmup: number,
  fn: (i: number) => Promise<number>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn(i));
  return out;
}

/** Builds the identity index the server builds at start; returns it with its build time in ms. */
export async function prepareIndex(db: DatasetStore): Promise<{ index: IdentityIndex; ms: number }> {
  const t0 = performance.now();
  // The serving store holds the index, built with the dataset: nothing is built at open.
  const index = db.identityIndex;
  if (index === undefined) throw new Error('the store has no served identity index');
  return { index, ms: performance.now() - t0 };
}

/** The moment a live request is answered as of: the dataset's `current_through`. */
export const liveAsOf = (db: DatasetStore): number => Date.parse(db.manifest.current_through);

export const p50 = median;
export const p99 = (xs: readonly number[]) => quantile(xs, 0.99);
export const round = (v: number, digits = 3) => Number(v.toFixed(digits));
