/**
 * KOL leaderboard p50 (days 7, sort profit, limit 50) on the bench dataset over 30 runs, beside the
 * raw DuckDB time of the same SQL. Prints one JSON line. Run: `npx tsx bench/identity-kols.ts`.
 */

import { KolsRequest, rankKols } from '@launchlens/engine';
import { buildKolStatsSql } from '@launchlens/engine/internal';
import {
  emit,
  liveAsOf,
  openBenchDataset,
  p50,
  round,
  timeQuery,
  timeRaw,
  timeRuns,
} from '../support/identity-support.js';

const NAME = 'KOL leaderboard';
const db = await openBenchDataset(NAME);
if (db) {
  const request = KolsRequest.parse({});
  const last = liveAsOf(db);
  const runs = await timeRuns(30, 5, () => rankKols(db, request, last));
  const board = await rankKols(db, request, last);
  const [{ trades }] = await db.all<{ trades: number }>('SELECT count(*)::BIGINT AS trades FROM kol_trades');
  // The SQL the leaderboard runs on a served store asked after its last trade (`rankKols`).
  const q = buildKolStatsSql(
    { days: request.days, sort: request.sort, limit: request.limit, totals: 'base' },
    last,
  );
  const rawRuns = await timeRaw(30, 5, () => timeQuery(db, q.sql, q.params));
  await db.close();
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 20 ms',
    reference: { name: 'DuckDB same SQL', value: round(p50(rawRuns)) },
    notes: `${board.total} KOLs, ${trades} trades; days 7, sort profit, limit 50; 30 runs`,
  });
}
