/**
 * Graph record of a 1,000-member token: the dataset's token nearest 1,000 wallets, or — when it
 * has none that large — a seeded synthetic 1,000-wallet token appended to the store (insider
 * stars, co-buy runs, transfers and exchange funding). `graphToken` p50 over 30 runs with the
 * identity index, beside the DuckDB time of its main query (the token's edges). Prints one line.
 * Run: `npx tsx bench/identity-graph.ts`.
 */

import type { DatasetStore, EdgeRow, HolderRow } from '@launchlens/engine';
import { graphToken } from '@launchlens/engine';
import { INDEXED_GRAPH_EDGES_SQL, seededRandom } from '@launchlens/engine/internal';
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

const NAME = 'graph record (1,000-member token)';
const MEMBERS = 1000;

/** Appends a synthetic token with `MEMBERS` wallets and seeded ties; returns its mint and edge count. */
async function appendSyntheticToken(
  db: DatasetStore,
  analyzedAt: number,
): Promise<{ mint: string; edges: number }> {
  const next = seededRandom(20_251_121);
  const mint = 'BenchGraph1000Mint11111111111111111111111pump';
  const [template] = await db.all<Record<string, unknown>>('SELECT * FROM tokens LIMIT 1');
  const [exchange] = await db.all<{ address: string }>(
    'SELECT address FROM known_wallets ORDER BY address LIMIT 1',
  );
  const wallets = Array.from(
    { length: MEMBERS },
    (_, i) => `BenchWallet${String(i).padStart(4, '0')}111111111111111111111111111`,
  );
  await db.appendRows('tokens', [
    { ...template, mint, creator: wallets[0], analyzed_at: analyzedAt } as never,
  ]);
  const holders: HolderRow[] = wallets.map((wallet, i) => ({
    mint,
    wallet,
    rank: i < 800 ? i + 1 : null,
    supply_pct: i < 800 ? 50 / (i + 1) / 7.2 : 0,
    sol_balance: next() * 40,
    is_creator: i === 0,
    is_sniper: i >= 20 && i < 120,
    is_insider: i < 20,
    is_bundle: i > 0 && i < 5,
    is_early: i >= 120 && i < 400,
    is_fresh: next() < 0.2,
    is_whale: next() < 0.02,
    is_notable: next() < 0.03,
    is_kol: false,
    is_wash: next() < 0.02,
    funder: null,
    group_id: null,
    first_buy_slot: 1000 + i,
    first_buy_at: analyzedAt - 60_000 + i,
    bought_sol: next() * 3,
    sold_sol: next() * 2,
  }));
  const edges: EdgeRow[] = [];
  const edge = (a: string, b: string, kind: EdgeRow['kind'], strength: number, confidence: number) =>
    edges.push({ mint, wallet_a: a, wallet_b: b, kind, strength, confidence, evidence: 'synthetic' });
  for (let i = 1; i < 20; i++) edge(wallets[0], wallets[i], 'funding', 1, 0.95);
  for (let g = 0; g < 60; g++) {
    const hub = 20 + Math.floor(next() * (MEMBERS - 20));
    const size = 2 + Math.floor(next() * 12);
    for (let k = 0; k < size; k++)
      edge(wallets[hub], wallets[Math.floor(next() * MEMBERS)], 'funding', 1, 0.85);
  }
  for (let i = 20; i < MEMBERS - 1; i++) if (next() < 0.4) edge(wallets[i], wallets[i + 1], 'co_buy', 1, 0.7);
  for (let k = 0; k < 150; k++) {
    edge(
      wallets[Math.floor(next() * MEMBERS)],
      wallets[Math.floor(next() * MEMBERS)],
      'transfer',
      next() / 50,
      0.9,
    );
  }
  for (let k = 0; k < 200; k++)
    edge(exchange?.address ?? 'exchange', wallets[Math.floor(next() * MEMBERS)], 'funding', 1, 0.85);
  await db.appendRows('holders', holders);
  await db.appendRows('edges', edges);
  return { mint, edges: edges.length };
}

const db = await openBenchDataset(NAME);
if (db) {
  const asOf = liveAsOf(db);
  const [nearest] = await db.all<{ mint: string; members: number; edges: number }>(
    `SELECT h.mint, h.members, (SELECT count(*) FROM edges e WHERE e.mint = h.mint)::BIGINT AS edges
FROM (SELECT mint, count(*)::BIGINT AS members FROM holders GROUP BY mint) h
ORDER BY abs(h.members - ${MEMBERS}), h.mint LIMIT 1`,
  );
  let pick = nearest;
  let source = `dataset token with ${nearest.members} wallets`;
  if (nearest.members < MEMBERS * 0.9) {
    const synthetic = await appendSyntheticToken(db, asOf - 3_600_000);
    pick = { mint: synthetic.mint, members: MEMBERS, edges: synthetic.edges };
    source = `synthetic token appended to the dataset (its largest token has ${nearest.members} wallets)`;
  }
  const { index, ms } = await prepareIndex(db);
  const runs = await timeRuns(30, 5, () => graphToken(db, pick.mint, asOf, { index }));
  const r = await graphToken(db, pick.mint, asOf, { index });
  const rawRuns = await timeRaw(30, 5, () => timeQuery(db, INDEXED_GRAPH_EDGES_SQL, { mint: pick.mint }));
  await db.close();
  const rec = r.kind === 'found' ? r.record : null;
  emit({
    name: NAME,
    metric: 'p50 latency',
    unit: 'ms',
    value: round(p50(runs)),
    target: '≤ 30 ms',
    reference: { name: 'DuckDB edges query (index)', value: round(p50(rawRuns)) },
    notes: `${source}: ${rec?.members_total ?? '?'} members, ${pick.edges} edges, ${rec?.clusters_total ?? '?'} clusters; 30 runs with the identity index (built after the token was appended, in ${Math.round(ms)} ms)`,
  });
}
