import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Manifest } from '@launchlens/engine';
import { foldDataset, type OpenDatasetOptions, openDataset, readManifest } from '@launchlens/engine/store';
import type { Logger } from 'pino';
import type { EventLog } from '../live/event-log.js';
import { RowsFollower } from '../live/rows-follower.js';

export interface FoldFromLogOptions {
  /** The base: a dataset folder with its serving store (what the replicas serve). */
  readonly from: string;
  /** The new dataset folder; it must not exist. */
  readonly out: string;
  /** The log the live feed writes its rows to (the server's: `DATABASE_URL` or the ledger file). */
  readonly log: EventLog;
  readonly logger: Logger;
  /** DuckDB memory limit while the rows are appended, the files written and the serving store built. */
  readonly memoryLimit?: string;
  readonly onBuildProgress?: OpenDatasetOptions['onBuildProgress'];
}

export interface FoldSummary {
  readonly manifest: Manifest;
  readonly baseLaunches: number;
  /** Rows events and rows appended from the log. */
  readonly events: number;
  readonly rows: number;
}

/**
 * `launchlens dataset fold`: the base's rows plus the rows the log's rows stream holds beyond its
 * `current_through` (appended as a follower appends them), written as the next base (`foldDataset`)
 * with the base's `model.json` (so its verdicts stay those the feed published), then its serving
 * store built once the base is closed.
 */
export async function foldFromLog(options: FoldFromLogOptions): Promise<FoldSummary> {
  const from = resolve(options.from);
  const out = resolve(options.out);
  const base = await readManifest(from);
  const store = await openDataset(from, {
    includeOracle: 'oracle' in base.tables,
    memoryLimit: options.memoryLimit ?? '1536MB',
  });
  let folded: Manifest;
  let applied: { events: number; rows: number };
  try {
    const manifest = { ...store.manifest };
    const follower = new RowsFollower({ store, manifest, log: options.log, logger: options.logger });
    await follower.catchUp();
    applied = follower.applied;
    folded = await foldDataset(store, out, { currentThrough: manifest.current_through });
  } finally {
    await store.close();
  }
  await copyFile(join(from, 'model.json'), join(out, 'model.json')).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  const next = await openDataset(out, {
    buildMemoryLimit: options.memoryLimit,
    onBuildProgress: options.onBuildProgress,
  });
  await next.close();
  return { manifest: folded, baseLaunches: base.launches, ...applied };
}
