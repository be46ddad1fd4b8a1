// Screen record latency from a store: warm (cache filled by one features pass, the day's calibration
// cached) and cold (first call of a mint: the per-token features query). Usage: risk-screen.ts [dataset-dir]
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  compileModel,
  createScreenCache,
  fitRiskModel,
  loadRiskFrame,
  RiskModel,
  screenToken,
} from '@launchlens/engine';
import { warmScreenCache } from '@launchlens/engine/internal';
import { openDataset } from '@launchlens/engine/store';
import { quantile, report } from '../scenario-result.js';

const dir = resolve(process.argv[2] ?? 'datasets/default');
const store = await openDataset(dir);
try {
  const asOf = Date.parse(store.manifest.current_through);
  const modelPath = resolve(dir, 'model.json');
  const model = compileModel(
    existsSync(modelPath)
      ? RiskModel.parse(JSON.parse(readFileSync(modelPath, 'utf8')))
      : fitRiskModel(await loadRiskFrame(store), { cutoff: asOf }),
  );
  const mints = (
    await store.all<{ mint: string }>('SELECT mint FROM tokens ORDER BY hash(mint) LIMIT 1000')
  ).map((r) => r.mint);
  const cache = createScreenCache();
  const w0 = performance.now();
  await warmScreenCache(store, cache);
  const warmUp = performance.now() - w0;
  const c0 = performance.now();
  await screenToken(store, mints[0], { model, asOf, cache });
  const firstOfDay = performance.now() - c0;

  const warm: number[] = [];
  for (let pass = 0; pass < 20; pass++) {
    for (const mint of mints) {
      const s = performance.now();
      const record = await screenToken(store, mint, { model, asOf, cache });
      warm.push(performance.now() - s);
      if (!record) throw new Error(`no record for ${mint}`);
    }
  }

  // cold: a cache that holds the day's calibration but not these mints
  const coldCache = createScreenCache();
  await screenToken(store, mints[0], { model, asOf, cache: coldCache });
  coldCache.tokens.clear();
  const cold: number[] = [];
  for (const mint of mints.slice(1, 201)) {
    const s = performance.now();
    await screenToken(store, mint, { model, asOf, cache: coldCache });
    cold.push(performance.now() - s);
  }
  report(
    {
      name: 'risk-screen-warm',
      metric: `full screen record, warm cache, p50 over ${warm.length} calls (${store.manifest.launches} launches)`,
      unit: 'ms',
      value: quantile(warm, 0.5),
      target: 'p50 ≤ 0.5 ms',
      notes: `p99 ${quantile(warm, 0.99).toFixed(3)} ms; warming the cache (all features, one query) took ${(warmUp / 1000).toFixed(1)} s and the day's calibration from it ${firstOfDay.toFixed(0)} ms`,
    },
    {
      name: 'risk-screen-cold',
      metric: 'screen record, first call of a mint (the per-token features query), p50',
      unit: 'ms',
      value: quantile(cold, 0.5),
      notes: `p99 ${quantile(cold, 0.99).toFixed(1)} ms`,
    },
  );
} finally {
  await store.close();
}
