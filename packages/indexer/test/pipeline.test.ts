import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataset } from '@launchlens/engine/store';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSimDataset } from '../src/dataset/build-sim-dataset.js';
import { defaultKnownWalletsPath } from '../src/repo-paths.js';

const END = Date.UTC(2026, 9, 1);
const root = mkdtempSync(join(tmpdir(), 'launchlens-pipeline-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const build = (name: string, seed: number, launches = 120, worker = true) =>
  buildSimDataset({
    launches,
    seed,
    end: END,
    out: join(root, name),
    knownWalletsPath: defaultKnownWalletsPath(),
    worker,
  });

describe('simulated chain → builder → Parquet → store', () => {
  it('the same seed gives byte-identical Parquet files; another seed differs', async () => {
    const [a, b, c] = await Promise.all([build('a', 11), build('b', 11), build('c', 12)]);
    expect(a.manifest.content_hash).toBe(b.manifest.content_hash);
    for (const [table, t] of Object.entries(a.manifest.tables)) {
      expect(readFileSync(join(root, 'a', t.file)).equals(readFileSync(join(root, 'b', t.file))), table).toBe(
        true,
      );
    }
    expect(c.manifest.content_hash).not.toBe(a.manifest.content_hash);
  });

  it('simulating on a worker thread writes the same dataset as simulating inline', async () => {
    const [threaded, inline] = await Promise.all([build('w', 13), build('i', 13, 120, false)]);
    expect(threaded.stats).toEqual(inline.stats);
    expect(threaded.manifest.content_hash).toBe(inline.manifest.content_hash);
  });

  it('every migrated launch is a tokens row the store can look up, with holders and a path', async () => {
    const { manifest, stats } = await build('d', 5);
    const store = await openDataset(join(root, 'd'));
    try {
      const [{ n }] = await store.all<{ n: number }>('SELECT count(*)::BIGINT AS n FROM tokens');
      expect(n).toBe(stats.migrated);
      expect(manifest.tables.tokens.rows).toBe(stats.migrated);
      const [some] = await store.all<{ mint: string }>(
        'SELECT mint FROM tokens ORDER BY analyzed_at LIMIT 1',
      );
      const token = await store.tokenByMint(some.mint);
      expect(token?.mint).toBe(some.mint);
      expect(token?.holders).toBeGreaterThan(0);
      const [orphans] = await store.all<{ n: number }>(
        'SELECT count(*)::BIGINT AS n FROM tokens t WHERE NOT EXISTS (SELECT 1 FROM paths p WHERE p.mint = t.mint)',
      );
      expect(orphans.n).toBe(0);
      const [settled] = await store.all<{ n: number }>('SELECT count(*)::BIGINT AS n FROM outcomes');
      expect(settled.n).toBe(stats.settled);
    } finally {
      await store.close();
    }
  });
});
