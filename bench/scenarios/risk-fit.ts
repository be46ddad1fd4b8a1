// Model fit time on a dataset (default datasets/default): the features pass and the Newton fit.
import { resolve } from 'node:path';
import { fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { median, report } from '../scenario-result.js';

const dir = resolve(process.argv[2] ?? 'datasets/default');
const store = await openDataset(dir);
try {
  const cutoff = Date.parse(store.manifest.current_through);
  const load: number[] = [];
  let frame = await loadRiskFrame(store);
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    frame = await loadRiskFrame(store);
    load.push(performance.now() - t0);
  }
  const timeFit = (trainWindowDays: number | null) => {
    const runs: number[] = [];
    let n = 0;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      n = fitRiskModel(frame, { cutoff, trainWindowDays }).training.n;
      runs.push((performance.now() - t0) / 1000);
    }
    return { runs, n };
  };
  const all = timeFit(null);
  const recent = timeFit(30);
  report(
    {
      name: 'risk-model-fit',
      metric: `model fit (IRLS, ${frame.d} features) on all ${all.n} settled launches`,
      unit: 's',
      value: median(all.runs),
      target: '≤ 5 s',
      runs: all.runs,
    },
    {
      name: 'risk-model-fit-30d',
      metric: `model fit on the default 30-day training window (${recent.n} launches)`,
      unit: 's',
      value: median(recent.runs),
      runs: recent.runs,
    },
    {
      name: 'risk-features-pass',
      metric: `point-in-time features query over ${frame.n} launches (one SQL pass)`,
      unit: 's',
      value: median(load) / 1000,
      runs: load.map((ms) => ms / 1000),
    },
  );
} finally {
  await store.close();
}
