import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCoverage } from '../src/coverage/describe-coverage.js';
import { openDataset } from '../src/store/open-dataset.js';

const DIR = fileURLToPath(new URL('../../../datasets/test-small', import.meta.url));

describe('the committed test-small dataset', () => {
  it('opens, and every token can be looked up by mint with its holders', async () => {
    const store = await openDataset(DIR);
    try {
      const mints = await store.all<{ mint: string; holders: number }>('SELECT mint, holders FROM tokens');
      expect(mints).toHaveLength(store.manifest.launches);
      const lookups = await Promise.all(mints.map((m) => store.tokenByMint(m.mint)));
      expect(lookups.map((t) => t?.holders)).toEqual(mints.map((m) => m.holders));
      expect(await store.tokenByMint('11111111111111111111111111111111')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('reports coverage computed from its tables', async () => {
    const store = await openDataset(DIR);
    try {
      const now = Date.parse(store.manifest.current_through);
      const coverage = await describeCoverage(store, store.manifest, now);
      expect(coverage.tokens_indexed).toBe(store.manifest.launches);
      expect(coverage.index.settled).toBe(store.manifest.tables.outcomes.rows);
      expect(coverage.example_mint).not.toBeNull();
      expect(coverage.start_here).not.toBeNull();
      expect(coverage.start_here!.analyzed_at <= store.manifest.current_through).toBe(true);
    } finally {
      await store.close();
    }
  });
});
