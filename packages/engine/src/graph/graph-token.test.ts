import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareIdentityIndex } from '../identity/identity-index.js';
import type { DatasetStore } from '../store/dataset-store.js';
import {
  edgeRow,
  HOUR,
  holderRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from '../testing/table-rows.js';
import { GraphRecord } from './graph-record.js';
import { graphToken } from './graph-token.js';

const A = T0 + HOUR;
const EXCH = 'ExchangeHotWallet1111111111111111111111111';
let db: DatasetStore;

/**
 * Token G: insiders i1–i3 funded by the creator c (one cluster); two fresh wallets f1, f2 funded
 * by the same exchange (never merged); wash wallet w; co-buy pair s1–s2. Token H has 30 wallets in
 * a chain, for truncation.
 */
beforeAll(async () => {
  const chain = Array.from({ length: 30 }, (_, i) => `h${String(i).padStart(2, '0')}`);
  db = await storeWith({
    tokens: [tokenRow({ mint: 'G', analyzed_at: A }), tokenRow({ mint: 'H', analyzed_at: A })],
    holders: [
      holderRow({ mint: 'G', wallet: 'c', is_creator: true, is_insider: true, supply_pct: 10 }),
      holderRow({ mint: 'G', wallet: 'i1', is_insider: true, supply_pct: 5 }),
      holderRow({ mint: 'G', wallet: 'i2', is_insider: true, supply_pct: 5 }),
      holderRow({ mint: 'G', wallet: 'i3', is_insider: true, is_bundle: true, supply_pct: 5 }),
      holderRow({ mint: 'G', wallet: 'f1', is_fresh: true, funder: EXCH }),
      holderRow({ mint: 'G', wallet: 'f2', is_fresh: true, funder: EXCH }),
      holderRow({ mint: 'G', wallet: 's1', is_sniper: true, supply_pct: 2 }),
      holderRow({ mint: 'G', wallet: 's2', is_sniper: true, supply_pct: 2 }),
      holderRow({ mint: 'G', wallet: 'w', is_wash: true, supply_pct: 0, rank: null }),
      ...chain.map((w) => holderRow({ mint: 'H', wallet: w })),
    ],
    edges: [
      edgeRow('G', 'c', 'i1', { confidence: 0.95 }),
      edgeRow('G', 'c', 'i2', { confidence: 0.95 }),
      edgeRow('G', 'c', 'i3', { confidence: 0.95 }),
      edgeRow('G', EXCH, 'f1'),
      edgeRow('G', EXCH, 'f2'),
      edgeRow('G', 's1', 's2', { kind: 'co_buy', confidence: 0.7 }),
      ...chain
        .slice(1)
        .map((w, i) => edgeRow('H', chain[i], w, { kind: 'transfer', strength: 0.01 * (i + 1) })),
    ],
    known_wallets: [{ address: EXCH, name: 'Binance', kind: 'exchange' }],
  });
});
afterAll(() => db.close());

async function graph(mint: string, caps?: Parameters<typeof graphToken>[3]): Promise<GraphRecord> {
  const r = await graphToken(db, mint, A, caps);
  if (r.kind !== 'found') throw new Error('expected a record');
  return GraphRecord.parse(r.record);
}

describe('graphToken', () => {
  it('clusters the creator with the wallets it funded', async () => {
    const g = await graph('G');
    const cluster = (w: string) => g.members.find((m) => m.wallet === w)?.cluster;
    expect(cluster('c')).toBe(1);
    expect(['i1', 'i2', 'i3'].map(cluster)).toEqual([1, 1, 1]);
    expect(g.clusters[0]).toMatchObject({ cluster: 1, size: 4, supply_pct: 25, insiders: 4 });
    expect(cluster('s1')).toBe(cluster('s2'));
    expect(cluster('s1')).not.toBe(1);
  });

  it('exchange funders never merge clusters', async () => {
    const g = await graph('G');
    const m = (w: string) => g.members.find((x) => x.wallet === w);
    expect(m('f1')?.cluster).toBeNull();
    expect(m('f2')?.cluster).toBeNull();
    expect(m(EXCH)).toMatchObject({ role: 'exchange', known_name: 'Binance', cluster: null });
    expect(g.edges.filter((e) => e.via_exchange)).toHaveLength(2);
  });

  it('reports roles, wash wallets and totals', async () => {
    const g = await graph('G');
    expect(g.members_total).toBe(10);
    expect(g.edges_total).toBe(6);
    expect(g.clusters_total).toBe(2);
    expect(g.wash_wallets).toEqual(['w']);
    expect(g.members.find((x) => x.wallet === 'i3')?.roles).toEqual(['bundle', 'insider', 'holder']);
    expect(g.members.find((x) => x.wallet === 'w')?.role).toBe('wash');
    expect(g.says).toContain('10 wallets and 6 ties form 2 clusters');
  });

  it('truncates arrays at the caps and keeps the true totals', async () => {
    const g = await graph('H', { caps: { edges: 5, members: 7, clusters: 1, wash_wallets: 1 } });
    expect(g.edges).toHaveLength(5);
    expect(g.edges_total).toBe(29);
    expect(g.members).toHaveLength(7);
    expect(g.members_total).toBe(30);
    expect(g.clusters.length).toBeLessThanOrEqual(1);
    expect(g.edges[0].strength).toBeCloseTo(0.29);
    expect(g.caps.edges).toBe(5);
  });

  it('an unknown mint has no record', async () => {
    expect((await graphToken(db, 'nope', A)).kind).toBe('none');
  });

  it('the identity index gives the same graphs as the base tables, read from its tables', async () => {
    const index = await prepareIdentityIndex(db);
    for (const mint of ['G', 'H']) {
      const { db: spy, seen } = recordingQueryable(db);
      expect(await graphToken(spy, mint, A, { index }), mint).toEqual(await graphToken(db, mint, A));
      expect(seen.some((s) => s.includes('FROM ix_token_edges'))).toBe(true);
      expect(seen.some((s) => s.includes('FROM holders'))).toBe(false);
    }
    await db.appendRows('tokens', [tokenRow({ mint: 'LATE', analyzed_at: A + HOUR })]);
    await db.appendRows('holders', [
      holderRow({ mint: 'LATE', wallet: 'c' }),
      holderRow({ mint: 'LATE', wallet: 'i1' }),
    ]);
    await db.appendRows('edges', [edgeRow('LATE', 'c', 'i1')]);
    const late = await graphToken(db, 'LATE', A + HOUR, { index });
    expect(late.kind === 'found' && late.record.members_total).toBe(2);
    expect(late.kind === 'found' && late.record.edges_total).toBe(1);
  });
});
