import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareIdentityIndex } from '../identity/identity-index.js';
import type { DatasetStore } from '../store/dataset-store.js';
import { withServedCopy } from '../testing/open-served-copy.js';
import {
  DAY,
  edgeRow,
  HOUR,
  holderRow,
  outcomeRow,
  positionRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from '../testing/table-rows.js';
import { buildWalletNetworkSql } from './build-wallet-network-sql.js';
import { listTokenWallets } from './list-token-wallets.js';
import { mapTokenWeb } from './map-token-web.js';
import { mapWalletNetwork } from './map-wallet-network.js';
import { TokenWallets } from './token-wallets.js';
import { TokenWeb } from './token-web.js';
import { vetWallet } from './vet-wallet.js';
import { FUNDED_WALLETS_TABLE, WALLET_EDGES_TABLE, WALLET_LAUNCHES_TABLE } from './wallet-index-sql.js';
import { WalletNetwork } from './wallet-network.js';
import { WalletRecord } from './wallet-record.js';

const at = (d: number) => T0 + d * DAY;
const AS_OF = at(10);
const EXCH = 'Exch1111111111111111111111111111111111111111';
let db: DatasetStore;

/**
 * W created A (rugged), was insider in B (rugged) and C (settles after as_of), and sniped LATE
 * (after as_of). The exchange funded W; W funded x1, x2 (and x3 after as_of), and i1 in A and B.
 */
beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({ mint: 'A', analyzed_at: at(1), creator: 'W' }),
      tokenRow({ mint: 'B', analyzed_at: at(2) }),
      tokenRow({ mint: 'C', analyzed_at: at(9.5) }),
      tokenRow({ mint: 'LATE', analyzed_at: at(20) }),
      tokenRow({ mint: 'POOLONLY', analyzed_at: at(3) }),
    ],
    holders: [
      holderRow({ mint: 'A', wallet: 'W', is_creator: true, is_insider: true, supply_pct: 8 }),
      holderRow({ mint: 'A', wallet: 'i1', is_insider: true, supply_pct: 4 }),
      holderRow({ mint: 'A', wallet: 'i2', is_early: true }),
      holderRow({ mint: 'A', wallet: 's1', is_sniper: true, first_buy_slot: 1000 }),
      holderRow({ mint: 'A', wallet: 's2', is_sniper: true, first_buy_slot: 1002, supply_pct: 0.5 }),
      holderRow({ mint: 'A', wallet: 'f1', is_fresh: true, funder: EXCH }),
      holderRow({
        mint: 'A',
        wallet: 'wash1',
        is_wash: true,
        rank: null,
        supply_pct: 0,
        bought_sol: 9,
        sold_sol: 9,
      }),
      holderRow({ mint: 'A', wallet: 'kol1', is_kol: true, supply_pct: 2 }),
      holderRow({ mint: 'A', wallet: 'plain' }),
      holderRow({ mint: 'B', wallet: 'W', is_insider: true, rank: null, supply_pct: 0 }),
      holderRow({ mint: 'B', wallet: 'i1', is_insider: true }),
      holderRow({ mint: 'C', wallet: 'W', is_insider: true }),
      holderRow({ mint: 'LATE', wallet: 'W', is_sniper: true }),
    ],
    outcomes: [
      outcomeRow({ mint: 'A', rugged: true }, at(1)),
      outcomeRow({ mint: 'B', rugged: true }, at(2)),
      outcomeRow({ mint: 'C', rugged: false }, at(9.5)),
    ],
    positions: [
      positionRow('A', 'W', 3, at(1)),
      positionRow('B', 'W', -1, at(2)),
      positionRow('POOLONLY', 'W', 0.5, at(3)),
      positionRow('LATE', 'W', 40, at(20)),
    ],
    funders: [
      { wallet: 'W', funder: EXCH, funded_at: at(0), amount_sol: 10 },
      { wallet: 'x1', funder: 'W', funded_at: at(1), amount_sol: 1 },
      { wallet: 'x2', funder: 'W', funded_at: at(1) + HOUR, amount_sol: 1 },
      { wallet: 'x3', funder: 'W', funded_at: at(25), amount_sol: 1 },
    ],
    edges: [
      edgeRow('A', 'W', 'i1', { confidence: 0.95 }),
      edgeRow('B', 'W', 'i1', { confidence: 0.95 }),
      edgeRow('A', 'i1', 'i2', { kind: 'co_buy', confidence: 0.7 }),
      edgeRow('A', 'W', 's1', { kind: 'co_buy', confidence: 0.7 }),
    ],
    known_wallets: [{ address: EXCH, name: 'Kraken', kind: 'exchange' }],
    kols: [{ wallet: 'kol1', name: 'Kay', handle: '@kay', verified: true, followers: 900 }],
  });
});
afterAll(() => db.close());

describe('vetWallet', () => {
  it('summarizes launches, roles, results and funding as of the request', async () => {
    const r = await vetWallet(db, 'W', AS_OF);
    if (r.kind !== 'found') throw new Error('expected a record');
    const w = WalletRecord.parse(r.record);
    expect(w.launches_seen).toBe(3);
    expect(w.roles).toMatchObject({ creator: 1, insider: 3, sniper: 0, held_at_migration: 2 });
    expect(w.trading).toEqual({ positions: 3, realized_sol: 2.5, won: 2, lost: 1 });
    expect(w.funder).toEqual({
      address: EXCH,
      known_name: 'Kraken',
      funded_at: new Date(at(0)).toISOString(),
      amount_sol: 10,
    });
    expect(w.funded_wallets).toBe(2);
    expect(w.serial_insider).toBe(true);
    expect(w.insider_outcomes).toEqual({ launches: 3, settled: 2, rugged: 2, rug_pct: 100 });
    expect(w.launches.map((l) => [l.mint, l.rugged, l.realized_sol])).toEqual([
      ['C', null, null],
      ['B', true, -1],
      ['A', true, 3],
    ]);
    expect(w.launches[2].roles).toEqual(['creator', 'insider', 'holder']);
    expect(w.says).toContain('insider in 3 (2 of 2 settled ones rugged, 100.0%)');
  });

  it('labels KOLs and known exchanges', async () => {
    const kol = await vetWallet(db, 'kol1', AS_OF);
    expect(kol.kind === 'found' && kol.record.kol?.name).toBe('Kay');
    const ex = await vetWallet(db, EXCH, AS_OF);
    if (ex.kind !== 'found') throw new Error('expected a record');
    expect(ex.record.known).toEqual({ name: 'Kraken', kind: 'exchange' });
    expect(ex.record.funded_wallets).toBe(1);
    expect(ex.record.launches_seen).toBe(0);
  });

  it('a wallet never seen has no record', async () => {
    expect((await vetWallet(db, 'ghost', AS_OF)).kind).toBe('none');
    expect((await vetWallet(db, 'x3', AS_OF)).kind).toBe('none');
  });
});

describe('mapWalletNetwork', () => {
  it('lists direct ties with direction and onward connections', async () => {
    const r = await mapWalletNetwork(db, 'W', AS_OF);
    if (r.kind !== 'found') throw new Error('expected a record');
    const n = WalletNetwork.parse(r.record);
    const tie = (w: string) => n.ties.find((t) => t.wallet === w);
    expect(n.ties_total).toBe(5);
    expect(n.ties[0].wallet).toBe('i1');
    expect(tie('i1')).toMatchObject({
      direction: 'out',
      kinds: ['funding'],
      tokens: 2,
      onward: 1,
      onward_sample: ['i2'],
    });
    expect(tie(EXCH)).toMatchObject({ direction: 'in', known_name: 'Kraken', onward: null });
    expect(tie('s1')).toMatchObject({ direction: 'none', kinds: ['co_buy'], onward: 0 });
    expect(tie('x1')).toMatchObject({ direction: 'out', tokens: 0 });
    expect(tie('x3')).toBeUndefined();
    expect(n.onward_total).toBe(1);
  });

  it('cuts the ties at the cap and keeps the total', async () => {
    const r = await mapWalletNetwork(db, 'W', AS_OF, 2);
    const all = await mapWalletNetwork(db, 'W', AS_OF);
    if (r.kind !== 'found' || all.kind !== 'found') throw new Error('expected a record');
    expect(r.record.ties).toHaveLength(2);
    expect(r.record.ties).toEqual(all.record.ties.slice(0, 2));
    expect(r.record.ties_total).toBe(5);
    expect(r.record.onward_total).toBe(all.record.onward_total);
  });

  it('counts the ties with a scalar subquery over them, not a window', () => {
    for (const wallets of [false, true]) {
      const { sql } = buildWalletNetworkSql('W', AS_OF, 2, 3, { wallets });
      expect(sql).not.toMatch(/OVER\s*\(\s*\)/);
      expect(sql).toContain('(SELECT count(*) FROM direct)::BIGINT AS total');
    }
  });

  it("reads a served store's wallet-ordered edges and fundings and the rows appended since", () => {
    const { sql } = buildWalletNetworkSql('W', AS_OF, 2, 3, { wallets: true });
    expect(sql).not.toMatch(/FROM (edges|ties)\b/);
    for (const source of [
      `FROM ${WALLET_EDGES_TABLE} w`,
      `FROM ${FUNDED_WALLETS_TABLE}`,
      'FROM delta.edges e',
      'FROM delta.funders',
      'FROM funders',
    ]) {
      expect(sql, source).toContain(source);
    }
    expect(sql).toContain('WHERE w.x = $address');
    expect(sql).toContain('WHERE w.x IN (SELECT wallet FROM page WHERE known_name IS NULL)');
  });

  it('a wallet with no tie has no record', async () => {
    expect((await mapWalletNetwork(db, 'plain', AS_OF)).kind).toBe('none');
  });
});

describe('mapTokenWeb', () => {
  it('lists tied launches before and after, with outcomes', async () => {
    const r = await mapTokenWeb(db, 'B', AS_OF);
    if (r.kind !== 'found') throw new Error('expected a record');
    const web = TokenWeb.parse(r.record);
    expect(web.launches.map((l) => [l.mint, l.relation, l.rugged])).toEqual([
      ['A', 'earlier', true],
      ['C', 'later', null],
    ]);
    expect(web.launches[0]).toMatchObject({ shared_wallets: 2, shared_insiders: 2, peak_mcap_usd: 120_000 });
    expect(web.outcomes).toEqual({ settled: 1, rugged: 1, rug_pct: 100 });
  });

  it('launches after as_of are not in the web yet', async () => {
    const before = await mapTokenWeb(db, 'A', AS_OF);
    const after = await mapTokenWeb(db, 'A', at(30));
    if (before.kind !== 'found' || after.kind !== 'found') throw new Error('expected records');
    expect(before.record.launches.map((l) => l.mint)).toEqual(['B', 'C']);
    expect(after.record.launches.map((l) => l.mint)).toContain('LATE');
    expect(after.record.later).toBe(3);
  });

  it('the identity index gives the same web', async () => {
    const index = await prepareIdentityIndex(db);
    for (const [mint, asOf] of [
      ['A', AS_OF],
      ['B', AS_OF],
      ['A', at(30)],
      ['C', at(30)],
    ] as const) {
      const { db: spy, seen } = recordingQueryable(db);
      expect(await mapTokenWeb(spy, mint, asOf, { index }), mint).toEqual(await mapTokenWeb(db, mint, asOf));
      expect(seen.some((s) => s.includes('FROM ix_tie_facts'))).toBe(true);
    }
  });

  it('an unknown mint has no record', async () => {
    expect((await mapTokenWeb(db, 'nope', AS_OF)).kind).toBe('none');
  });
});

describe('listTokenWallets', () => {
  it('lists each class with its addresses', async () => {
    const r = await listTokenWallets(db, 'A', AS_OF);
    if (r.kind !== 'found') throw new Error('expected a record');
    const w = TokenWallets.parse(r.record);
    expect(w.insiders.map((x) => x.wallet)).toEqual(['W', 'i1']);
    expect(w.insiders[0]).toMatchObject({ is_creator: true });
    expect(w.snipers).toEqual([
      { wallet: 's1', supply_pct: 1, block0: true, first_buy_slot: 1000 },
      { wallet: 's2', supply_pct: 0.5, block0: false, first_buy_slot: 1002 },
    ]);
    expect(w.fresh).toEqual([{ wallet: 'f1', supply_pct: 1, funder: EXCH, funder_known: 'Kraken' }]);
    expect(w.wash.map((x) => x.wallet)).toEqual(['wash1']);
    expect(w.kols).toEqual([{ wallet: 'kol1', supply_pct: 2, name: 'Kay', handle: '@kay' }]);
    expect(w.totals).toEqual({ insiders: 2, snipers: 2, early: 1, fresh: 1, wash: 1, kols: 1 });
    expect(w.says).toContain('1 fresh wallet (1 funded from a known exchange)');
  });

  it('cuts lists at the cap and keeps the totals', async () => {
    const r = await listTokenWallets(db, 'A', AS_OF, 1);
    if (r.kind !== 'found') throw new Error('expected a record');
    expect(r.record.snipers).toHaveLength(1);
    expect(r.record.totals.snipers).toBe(2);
  });

  it('an unknown mint has no record', async () => {
    expect((await listTokenWallets(db, 'nope', AS_OF)).kind).toBe('none');
  });
});

describe('vetWallet and mapWalletNetwork on a served store', () => {
  it('read the wallet-ordered tables and answer as the plain tables do', async () => {
    await withServedCopy(db, async (served) => {
      const recorded = recordingQueryable(served);
      await vetWallet(recorded.db, 'W', AS_OF);
      expect(recorded.seen.some((sql) => sql.includes(WALLET_LAUNCHES_TABLE))).toBe(true);
      // Each wallet's rows are one range of the table.
      const stored = await served.all<{ wallet: string }>(`SELECT wallet FROM ${WALLET_LAUNCHES_TABLE}`);
      expect(stored.map((r) => r.wallet)).toEqual(stored.map((r) => r.wallet).sort());
      for (const wallet of ['W', 'i1', 'x1', 'x3', EXCH, 'kol1', 'nobody']) {
        for (const asOf of [AS_OF, at(2), at(30)]) {
          expect(await vetWallet(served, wallet, asOf), `${wallet} ${asOf}`).toEqual(
            await vetWallet(db, wallet, asOf),
          );
          expect(await mapWalletNetwork(served, wallet, asOf), `${wallet} ${asOf}`).toEqual(
            await mapWalletNetwork(db, wallet, asOf),
          );
        }
      }
    });
  }, 60_000);
});
