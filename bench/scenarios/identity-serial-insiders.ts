/**
 * Serial-insiders page (defaults: min_tokens 3, limit 25) on the bench dataset, p50 over 20 runs,
 * beside the DuckDB time of the same SQL, with the identity index, as of the dataset's
 * `current_through`. Prints one JSON line.
 * Run: `npx tsx bench/identity-serial-insiders.ts`.
 */

import { rankSerialInsiders, SerialInsidersRequest } from '@launchlens/engine';
import { buildIndexedSerialInsidersSql } from '@launchlens/engine/internal';
import {
  emit,
  liveAsOf,
  openBenchDataset,
  p50,
  prepareIndex,
  round,
  timeQuery,
  timeRaw,
  timeRuns,
} from '../support/identity-support.js';

const NAME = 'serial-insiders page';
const db = await openBenchDataset(NAME);
if (db) {
  const request = SerialInsidersRequest.parse({});
  const { index, ms } = await prepareIndex(db);
  const last = liveAsOf(db);
  const runs = await timeRuns(20, 3, () => rankSerialInsiders(db, request, last, { index }));
  const page = await rankSerialInsiders(db, request, last, { index });
  const q = buildIndexedSerialInsidersSql(request, last);
  const rawRuns = await timeRaw(20, 3, () => timeQuery(db, q.sql, q.params));
  await db.close();
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 50 ms',
    reference: { name: 'DuckDB same SQL', value: round(p50(rawRuns)) },
    notes: `min_tokens 3, limit 25: ${page.total} wallets qualify; 20 runs with the identity index (built in ${Math.round(ms)} ms)`,
  });
}
