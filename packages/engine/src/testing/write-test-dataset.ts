import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openMemoryStore } from '../store/open-memory-store.js';
import type { TableRows } from '../store/table-rows.js';
import { type DatasetFiles, writeDatasetFiles } from '../store/write-dataset-files.js';
import { DATASET_FORMAT_VERSION } from '../tables/dataset-format-version.js';
import { TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';

export type TestTables = { [N in TableName]?: TableRows[N][] };

/**
 * Test support: writes a dataset folder (`addresses.parquet`, one Parquet file per table with
 * address columns as ids, `manifest.json`) from a memory store holding `tables`, rows in the order
 * given (`writeDatasetFiles`), independent of the indexer's writer (the engine cannot import it).
 */
export async function writeTestDataset(dir: string, tables: TestTables): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  const store = await openMemoryStore();
  let files: DatasetFiles;
  try {
    for (const name of TABLE_NAMES)
      await store.appendRows(name, (tables[name] ?? []) as TableRows[typeof name][]);
    files = await writeDatasetFiles(store, dir, { sorted: false });
  } finally {
    await store.close();
  }
  const manifest: Manifest = {
    format_version: DATASET_FORMAT_VERSION,
    source: 'sim',
    generator_version: 'test',
    seed: 1,
    launches: tables.tokens?.length ?? 0,
    history_from: '2024-06-01T00:00:00.000Z',
    complete_since: '2024-06-01T00:00:00.000Z',
    current_through: '2024-07-01T00:00:00.000Z',
    ticks_retention: { full_resolution_from: '2024-06-29T00:00:00.000Z', resolution_s: 5, note: 'test' },
    ...files,
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
