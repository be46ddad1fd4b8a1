/**
 * Funder-networks page (defaults: min_wallets 3, limit 25) on the bench dataset, p50 over 20 runs,
 * beside the DuckDB time of the same SQL, with the identity index, as of the dataset's
 * `current_through`. Prints one JSON line.
 * Run: `npx tsx bench/identity-funder-networks.ts`.
 */

import { FunderNetworksRequest, rankFunderNetworks } from '@launchlens/engine';
import { buildIndexedFunderNetworksSql } from '@launchlens/engine/internal';
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

const NAME = 'funder-networks page';
const db = await openBenchDataset(NAME);
if (db) {
  const request = FunderNetworksRequest.parse({});
  const { index, ms } = await prepareIndex(db);
  const last = liveAsOf(db);
  const runs = await timeRuns(20, 3, () => rankFunderNetworks(db, request, last, { index }));
  const page = await rankFunderNetworks(db, request, last, { index });
  const q = buildIndexedFunderNetworksSql(request, last, true);
  const rawRuns = await timeRaw(20, 3, () => timeQuery(db, q.sql, q.params));
  await db.close();
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 50 ms',
    reference: { name: 'DuckDB same SQL', value: round(p50(rawRuns)) },
    notes: `min_wallets 3, limit 25: ${page.total} funders qualify; 20 runs with the identity index (built in ${Math.round(ms)} ms)`,
  });
}
