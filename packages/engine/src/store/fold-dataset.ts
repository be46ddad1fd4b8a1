import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Manifest } from '../tables/manifest.js';
import { DatasetError } from './dataset-error.js';
import type { DatasetStore } from './dataset-store.js';
import { temporaryBuildPath } from './stale-builds.js';
import { writeDatasetFiles } from './write-dataset-files.js';

export interface FoldDatasetOptions {
  /** The moment the appended rows cover (the live feed's `current_through`); never before the base's. */
  readonly currentThrough: string;
}

/**
 * Writes the next base: a new dataset folder `out` holding every row of `store` (its served base
 * and the rows appended since, each table sorted as the indexer writes it) and its manifest: the
 * base's, with the launches counted again and `current_through` moved on; a simulated dataset
 * keeps its history's own count and end in `sim_history`, which rebuild its world. Its serving
 * store is built when it is first opened (after `store` is closed, so the two never hold memory
 * at once). `out` must not exist: the folder is written beside it and renamed when complete.
 */
export async function foldDataset(
  store: DatasetStore,
  out: string,
  options: FoldDatasetOptions,
): Promise<Manifest> {
  const target = resolve(out);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  ) {
    throw new DatasetError('dataset_exists', `${target} exists: a fold writes a new dataset folder`);
  }
  const tmp = await temporaryBuildPath(dirname(target), basename(target));
  await mkdir(tmp);
  try {
    const files = await writeDatasetFiles(store, tmp, { sorted: true });
    const base = store.manifest;
    const [{ n }] = await store.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM tokens');
    const through = [base.current_through, options.currentThrough].sort().at(-1)!;
    const manifest = Manifest.parse({
      ...base,
      launches: n,
      current_through: through,
      sim_history:
        base.sim_history ??
        (base.source === 'sim'
          ? { launches: base.launches, current_through: base.current_through }
          : undefined),
      ...files,
    });
    await writeFile(join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await chmod(tmp, 0o755);
    await rename(tmp, target);
    return manifest;
  } catch (cause) {
    await rm(tmp, { recursive: true, force: true });
    throw cause;
  }
}
