/**
 * Catalogue search p50 on the bench dataset: 200 queries (symbol fragments and exact mints taken
 * from the data at a fixed stride, limit 25, a trivial verdict function), beside the DuckDB
 * time of its page query. Prints one JSON line. Run: `npx tsx bench/identity-search.ts`.
 */

import { SearchRequest, searchTokens } from '@launchlens/engine';
import { buildSearchSql } from '@launchlens/engine/internal';
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

const NAME = 'catalogue search';
const db = await openBenchDataset(NAME);
if (db) {
  const tokens = await db.all<{ mint: string; symbol: string | null }>(
    'SELECT mint, symbol FROM tokens ORDER BY mint',
  );
  const stride = Math.max(1, Math.floor(tokens.length / 200));
  const requests = tokens
    .filter((_, i) => i % stride === 0)
    .slice(0, 200)
    .map((t, i) => SearchRequest.parse({ q: i % 2 === 0 ? t.mint : (t.symbol ?? t.mint).slice(0, 3) }));
  const last = liveAsOf(db);
  const none = (ts: readonly unknown[]) => ts.map(() => null);
  const runs = await timeRuns(requests.length, 20, (i) =>
    searchTokens(db, requests[i % requests.length], last, none),
  );
  const rawRuns = await timeRaw(requests.length, 20, (i) => {
    const q = buildSearchSql(requests[i % requests.length], last);
    return timeQuery(db, q.sql, q.params);
  });
  await db.close();
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 5 ms',
    reference: { name: 'DuckDB page query', value: round(p50(rawRuns)) },
    notes: `${requests.length} queries over ${tokens.length} tokens (half exact mints, half 3-letter symbol fragments)`,
  });
}
