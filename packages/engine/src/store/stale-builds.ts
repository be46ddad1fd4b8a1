import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The temporary name, in the same folder, that process `pid` of this host builds `name` under
 * (a serving store, a dataset folder) before renaming it into place: the host tells a build of
 * another machine on shared storage apart, the pid a build still running.
 */
export function temporaryBuildName(name: string, pid: number, tag: string): string {
  return `.${name}.${hostname()}.${pid}.${tag}`;
}

/**
 * Removes from `dir` what builds of `name` by processes no longer running left behind (a build
 * killed before its rename: its `temporaryBuildName` and the `.wal` and `.spill` beside it; up to
 * ≈ 15 GB for a 240k serving store). Builds of running processes, this one's included, and of
 * other hosts are left alone, and so is a `.previous` (a dataset moved aside, kept). Returns the
 * names removed.
 */
export async function removeStaleBuilds(dir: string, name: string): Promise<string[]> {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\.${escaped}\\.(.+)\\.(\\d+)\\.[0-9a-f]+(\\.wal|\\.spill)?$`);
  const host = hostname();
  const removed: string[] = [];
  for (const entry of await readdir(dir)) {
    const match = pattern.exec(entry);
    const pid = Number(match?.[2]);
    if (match?.[1] !== host || !Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    await rm(join(dir, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/**
 * The path this process builds `name` in `dir` under (`temporaryBuildName`, a fresh tag), once
 * what killed builds of `name` left there is removed (`removeStaleBuilds`).
 */
export async function temporaryBuildPath(dir: string, name: string): Promise<string> {
  await removeStaleBuilds(dir, name);
  return join(dir, temporaryBuildName(name, process.pid, randomBytes(4).toString('hex')));
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
