import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The temporary name a serving store is built under by process `pid` of this host
 * (`buildServingStore`): the host tells a build of another machine on shared storage apart.
 */
export function temporaryServingName(file: string, pid: number, tag: string): string {
  return `.${file}.${hostname()}.${pid}.${tag}`;
}

/**
 * Removes from `root` what serving-store builds of processes no longer running left behind (a
 * build killed before its rename: the temporary database, its `.wal` and its `.spill` folder, up
 * to ≈ 15 GB at 240k launches). Builds of running processes, this one's included, and of other
 * hosts are left alone.
 * Returns the names removed.
 */
export async function removeStaleServingBuilds(root: string, file: string): Promise<string[]> {
  const pattern = new RegExp(
    `^\\.${file.replaceAll('.', '\\.')}\\.(.+)\\.(\\d+)\\.[0-9a-f]+(\\.wal|\\.spill)?$`,
  );
  const host = hostname();
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    const match = pattern.exec(name);
    const pid = Number(match?.[2]);
    if (match?.[1] !== host || !Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: the process exists but is not ours.
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}
