import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '@launchlens/engine';
import { type DatasetStore, openDataset } from '@launchlens/engine/store';
import { buildSimDataset, defaultKnownWalletsPath, loadKnownWallets } from '@launchlens/indexer';

/** A small simulated dataset built for real in a temp folder, with the exchanges it was built with. */
export interface SimTestWorld {
  readonly dir: string;
  readonly store: DatasetStore;
  readonly manifest: Manifest;
  readonly exchanges: readonly { address: string; name: string }[];
}

export async function buildSimTestWorld(launches = 30, seed = 5): Promise<SimTestWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'launchlens-chain-'));
  const knownWalletsPath = defaultKnownWalletsPath();
  await buildSimDataset({
    launches,
    seed,
    end: Date.parse('2026-06-01T00:00:00Z'),
    out: dir,
    knownWalletsPath,
  });
  const store = await openDataset(dir);
  const exchanges = loadKnownWallets(knownWalletsPath)
    .filter((k) => k.kind === 'exchange')
    .map((k) => ({ address: k.address, name: k.name }));
  return { dir, store, manifest: store.manifest, exchanges };
}
