import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeStaleBuilds, temporaryBuildName } from './stale-builds.js';

it("removes the temporary files of this host's builds whose process is gone, and no other's", async () => {
  const root = await mkdtemp(join(tmpdir(), 'stale-builds-'));
  // A pid that was running and no longer is.
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  const dead = temporaryBuildName('serving.duckdb', gone, 'ab12');
  const live = temporaryBuildName('serving.duckdb', process.pid, 'cd34');
  await writeFile(join(root, dead), 'x');
  await writeFile(join(root, `${dead}.wal`), 'x');
  await mkdir(join(root, `${dead}.spill`));
  await writeFile(join(root, live), 'x');
  // A dataset a writer moved aside before it was killed: kept.
  await mkdir(join(root, `${dead}.previous`));
  await writeFile(join(root, 'serving.duckdb'), 'x');
  await writeFile(join(root, `.serving.duckdb.notapid.ab12`), 'x');
  // Another machine's build on shared storage: its pid means nothing here.
  const elsewhere = `.serving.duckdb.other-host.${gone}.ef56`;
  await writeFile(join(root, elsewhere), 'x');

  const removed = await removeStaleBuilds(root, 'serving.duckdb');

  expect(removed.sort()).toEqual([dead, `${dead}.spill`, `${dead}.wal`].sort());
  expect((await readdir(root)).sort()).toEqual(
    ['.serving.duckdb.notapid.ab12', `${dead}.previous`, elsewhere, live, 'serving.duckdb'].sort(),
  );
});
