// The day's first scorecard (`GET /v1/scorecard`'s computation, no HTTP) on a dataset (default
// datasets/default): the risk frame of its span and the monthly walk-forward, cold each time (a
// fresh risk context per run, as after a start or at a new UTC day).
import { resolve } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { createRiskContext, scorecardForDay } from '@launchlens/server';
import { median, report } from '../scenario-result.js';

const DAY_MS = 86_400_000;
const dir = resolve(process.argv[2] ?? 'datasets/default');
const store = await openDataset(dir);
try {
  const through = Date.parse(store.manifest.current_through);
  const model = compileModel(
    fitRiskModel(
      await loadRiskFrame(store, { kind: 'analyzed_between', from: through - 60 * DAY_MS, to: through }),
      {
        cutoff: through,
      },
    ),
  );
  const historyFrom = Date.parse(store.manifest.history_from);
  const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const runs: number[] = [];
  let judged = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const card = await scorecardForDay(store, createRiskContext(model), historyFrom, dayStart);
    runs.push(performance.now() - t0);
    judged = card.windows.at(-1)?.n ?? 0;
  }
  report({
    name: 'risk-scorecard-first-of-day',
    metric: `the day's first scorecard (risk frame and monthly walk-forward; ${judged} settled predictions judged), no HTTP`,
    unit: 'ms',
    value: median(runs),
    runs,
  });
} finally {
  await store.close();
}
