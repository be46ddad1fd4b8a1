import { join } from 'node:path';
import { openDataset } from '@launchlens/engine/store';
import { REPO_ROOT } from '@launchlens/indexer';
import { describe, expect, it } from 'vitest';
import { measureBaseRates } from './measure-base-rates.js';

describe('measureBaseRates', () => {
  it('measures the committed test-small dataset beside the simulator targets', async () => {
    const store = await openDataset(join(REPO_ROOT, 'datasets', 'test-small'));
    try {
      const rates = await measureBaseRates(store);
      expect(rates.launches).toBe(store.manifest.launches);
      const pumpfun = rates.rates.find((r) => r.name === 'pumpfun_pct');
      expect(pumpfun?.measured).toBeGreaterThan(50);
      expect(rates.rates.every((r) => typeof r.ok === 'boolean' && r.target.length > 0)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
