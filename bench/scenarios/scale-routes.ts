/**
 * Scale, engine level: the routes `scale.ts` calls beyond its first workload (wallet, wallet
 * network, KOL detail, token wallets, token web, compare, price) timed in process on the engine
 * functions behind them, over `openDataset(dir)` with the server's memory limit, for a 24k-launch
 * and a 240k-launch dataset (`SCALE_DATASETS=dir24k,dir240k`, else the ones `scale.ts` built under
 * `.cache/scale/`; `SCALE_ONLY=24k|240k` for one).
 * Each route's calls run one after another, `SCALE_ROUNDS` times (default 2); p50/p99 over all of
 * them, and the process RSS after the workload. No server, billing or JSON in these figures.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareTokens,
  describeKol,
  listTokenWallets,
  mapTokenWeb,
  mapWalletNetwork,
  tracePricePath,
  vetWallet,
} from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { quantile, report, type ScenarioResult } from '../scenario-result.js';
import { type ScaleSample, sampleScale } from '../support/scale-sample.js';

const CALLS = Number(process.env.SCALE_CALLS ?? 60);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 2);
/** `SCALE_ROUTES=wallet,kol` times only those routes; `SCALE_MAX_CALLS` cuts each route's calls (slow old code). */
const ROUTES = process.env.SCALE_ROUTES?.split(',');
const MAX_CALLS = Number(process.env.SCALE_MAX_CALLS ?? Number.POSITIVE_INFINITY);
/** Every answer is as of this moment (after both datasets' `current_through`), as a live server's now. */
const AS_OF = Date.parse(process.env.SCALE_AS_OF ?? '2026-11-26T00:00:00Z');

type Ask = (db: Awaited<ReturnType<typeof openDataset>>) => Promise<unknown>;

function workload(s: ScaleSample): Record<string, Ask[]> {
  const few = s.mints.slice(0, Math.min(20, s.mints.length >> 1));
  return {
    wallet: s.wallets.map((w) => (db) => vetWallet(db, w, AS_OF)),
    'wallet-network': s.wallets.map((w) => (db) => mapWalletNetwork(db, w, AS_OF)),
    kol: s.kols.map((w) => (db) => describeKol(db, w, AS_OF)),
    wallets: s.mints.map((m) => (db) => listTokenWallets(db, m, AS_OF)),
    web: s.mints.map((m) => (db) => mapTokenWeb(db, m, AS_OF, { index: db.identityIndex })),
    compare: few.map(
      (m, i) => (db) => compareTokens(db, { mints: [m, s.mints[s.mints.length - 1 - i]] }, AS_OF),
    ),
    price: s.mints.map((m) => (db) => tracePricePath(db, m, AS_OF)),
  };
}

async function measure(label: string, dir: string): Promise<ScenarioResult[]> {
  const sample = await sampleScale(dir, { calls: CALLS });
  const db = await openDataset(dir);
  const results: ScenarioResult[] = [];
  try {
    for (const [route, all] of Object.entries(workload(sample))) {
      if (ROUTES && !ROUTES.includes(route)) continue;
      const asks = all.slice(0, MAX_CALLS);
      const ms: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const ask of asks) {
          const t0 = performance.now();
          await ask(db);
          ms.push(performance.now() - t0);
        }
      }
      results.push({
        name: `scale-routes ${label} ${route}`,
        metric: 'p50',
        unit: 'ms',
        value: quantile(ms, 0.5),
        notes: `p99 ${quantile(ms, 0.99).toFixed(1)} ms; ${asks.length} calls × ${ROUNDS} rounds, in process; RSS then ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
      });
    }
    results.push({
      name: `scale-routes ${label} RSS after workload`,
      metric: 'process VmRSS',
      unit: 'MB',
      value: process.memoryUsage().rss / 2 ** 20,
      target: label === '24k' ? '≤ 1024' : '≤ 1536',
    });
  } finally {
    await db.close();
  }
  return results;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [given24, given240] = (process.env.SCALE_DATASETS ?? '').split(',').map((s) => s || undefined);
const only = process.env.SCALE_ONLY;
for (const [label, dir] of [
  ['24k', given24 ?? join(ROOT, '.cache', 'scale', '24k')],
  ['240k', given240 ?? join(ROOT, '.cache', 'scale', '240k')],
] as const) {
  if (only !== undefined && only !== label) continue;
  if (existsSync(join(dir, 'manifest.json'))) report(...(await measure(label, dir)));
  else
    process.stdout.write(
      `${JSON.stringify({ name: `scale-routes ${label}`, metric: 'skipped', unit: 'ms', value: Number.NaN, notes: `no dataset at ${dir}: run scale.ts first or set SCALE_DATASETS` })}\n`,
    );
}
