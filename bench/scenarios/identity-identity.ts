/**
 * Identity record p50 on the bench dataset (default `datasets/default`): `identifyToken` with the
 * identity index over 200 tokens picked at a fixed stride, beside the DuckDB time of its main query
 * (the token's rows of `ix_holder_history`). Also reports the base-table path (no index) on 40 of
 * them and the index build time. Prints one JSON line. Run: `npx tsx bench/identity-identity.ts`.
 */

import { identifyToken } from '@launchlens/engine';
import { buildIndexedWalletHistorySql } from '@launchlens/engine/internal';
import {
  emit,
  liveAsOf,
  openBenchDataset,
  p50,
  p99,
  prepareIndex,
  round,
  timeQuery,
  timeRaw,
  timeRuns,
} from '../support/identity-support.js';

const NAME = 'identity record';
const db = await openBenchDataset(NAME);
if (db) {
  const { index, ms } = await prepareIndex(db);
  const all = await db.all<{ mint: string }>('SELECT mint FROM tokens ORDER BY analyzed_at, mint');
  const stride = Math.max(1, Math.floor(all.length / 200));
  const picks = all.filter((_, i) => i % stride === 0).slice(0, 200);
  const asOf = liveAsOf(db);
  const runs = await timeRuns(picks.length, 20, (i) =>
    identifyToken(db, picks[i % picks.length].mint, asOf, { index }),
  );
  const rawRuns = await timeRaw(picks.length, 20, (i) => {
    const q = buildIndexedWalletHistorySql(picks[i % picks.length].mint);
    return timeQuery(db, q.sql, q.params);
  });
  const baseRuns = await timeRuns(40, 3, (i) => identifyToken(db, picks[(i * 5) % picks.length].mint, asOf));
  await db.close();
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 10 ms',
    reference: { name: 'DuckDB ix_holder_history lookup', value: round(p50(rawRuns)) },
    notes:
      `${picks.length} tokens, sequential; p99 ${round(p99(runs))} ms; 5 queries (token; then history, KOLs, ties, base rate together); ` +
      `without the index ${round(p50(baseRuns))} ms p50 (40 tokens); index build ${Math.round(ms)} ms`,
  });
}
