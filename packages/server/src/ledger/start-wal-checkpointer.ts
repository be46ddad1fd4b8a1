import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL frames after which the ledger's own connection checkpoints. Under a steady stream of writes
 * it is also what restarts the WAL: a writer starts the WAL over only once every frame in it is
 * checkpointed, and new frames land while each of the worker's checkpoints runs (measured at 740
 * turns a second: the WAL grew to 82 MB, then restarted; the turn that checkpointed took at most
 * 7.4 ms on the event loop; bench/RESULTS.md).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

export interface WalCheckpointer {
  /** Stops the worker; the last connection to close checkpoints what is left. */
  stop(): Promise<void>;
}

// A plain CommonJS script (`eval`), so it runs the same under tsx, vitest and plain node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');
let timer = null;
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
  timer = setTimeout(tick, workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a WAL database from a worker thread with its own connection, every `intervalMs`.
 * A checkpoint fsyncs the WAL and the database file; run by a committing connection on the event
 * loop (SQLite's default every 1,000 frames) it stalled every request for 20–380 ms (measured on
 * this machine's ext4 disk). PASSIVE never blocks the writer; the sync discipline is SQLite's own,
 * so durability is the same as with automatic checkpoints.
 */
export function startWalCheckpointer(path: string, intervalMs = 100): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs } });
  worker.unref();
  worker.on('message', (m: { error?: string }) => {
    if (m.error) process.emitWarning(`WAL checkpoint failed: ${m.error}`);
  });
  worker.on('error', (error) => process.emitWarning(`WAL checkpointer stopped: ${String(error)}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      // An unref'd worker would let a closing process's event loop drain before `exited` settles.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
