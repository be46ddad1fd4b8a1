import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareIdentityIndex } from '../identity/identity-index.js';
import type { DatasetStore } from '../store/dataset-store.js';
import {
  DAY,
  holderRow,
  outcomeRow,
  positionRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from '../testing/table-rows.js';
import { buildFunderNetworksSql, buildIndexedFunderNetworksSql } from './build-funder-networks-sql.js';
import {
  buildIndexedSerialInsidersSql,
  buildSerialInsidersSql,
  buildWholeSerialInsidersSql,
} from './build-serial-insiders-sql.js';
import { FunderNetworksPage } from './funder-networks-page.js';
import { FunderNetworksRequest } from './funder-networks-request.js';
import { rankFunderNetworks } from './rank-funder-networks.js';
import { rankSerialInsiders } from './rank-serial-insiders.js';
import { SerialInsidersPage } from './serial-insiders-page.js';
import { SerialInsidersRequest } from './serial-insiders-request.js';

const at = (d: number) => T0 + d * DAY;
const AS_OF = at(10);
const EXCH = 'Exch1111111111111111111111111111111111111111';
let db: DatasetStore;

/**
 * S: insider in P1–P3 (all rugged), early buyer in Q, insider again in LATE (after as_of).
 * U: insider in P1–P4. T: insider in P1, P2 only. Funder F funded a, b, c before as_of and d
 * after; the exchange funded four wallets.
 */
beforeAll(async () => {
  const ins = (mint: string, wallet: string, supply = 2) =>
    holderRow({ mint, wallet, is_insider: true, supply_pct: supply });
  db = await storeWith({
    tokens: ['P1', 'P2', 'P3', 'P4', 'Q']
      .map((m, i) => tokenRow({ mint: m, analyzed_at: at(i + 1) }))
      .concat(tokenRow({ mint: 'LATE', analyzed_at: at(11) })),
    holders: [
      ins('P1', 'S', 1),
      ins('P2', 'S', 2),
      ins('P3', 'S', 3),
      holderRow({ mint: 'Q', wallet: 'S', is_early: true }),
      ins('LATE', 'S'),
      ...['P1', 'P2', 'P3', 'P4'].map((m) => ins(m, 'U')),
      ins('P1', 'T'),
      ins('P2', 'T'),
      holderRow({ mint: 'P1', wallet: 'a' }),
      holderRow({ mint: 'P1', wallet: 'b' }),
      holderRow({ mint: 'P2', wallet: 'b' }),
      holderRow({ mint: 'LATE', wallet: 'c' }),
    ],
    outcomes: [
      outcomeRow({ mint: 'P1', rugged: true }, at(1)),
      outcomeRow({ mint: 'P2', rugged: true }, at(2)),
      outcomeRow({ mint: 'P3', rugged: true }, at(3)),
    ],
    positions: [
      positionRow('P1', 'S', 1, at(1)),
      positionRow('P2', 'S', 2, at(2)),
      positionRow('Q', 'S', 5, at(5)),
      positionRow('LATE', 'S', 100, at(11)),
    ],
    funders: [
      ...['a', 'b', 'c'].map((w, i) => ({ wallet: w, funder: 'F', funded_at: at(0) + i, amount_sol: 1 })),
      { wallet: 'd', funder: 'F', funded_at: at(12), amount_sol: 1 },
      { wallet: 'g', funder: 'G', funded_at: at(25), amount_sol: 1 },
      ...['e1', 'e2', 'e3', 'e4'].map((w) => ({ wallet: w, funder: EXCH, funded_at: at(1), amount_sol: 1 })),
    ],
    known_wallets: [{ address: EXCH, name: 'OKX', kind: 'exchange' }],
  });
});
afterAll(() => db.close());

describe('rankSerialInsiders', () => {
  it('a wallet that was insider in three earlier rugs is a serial insider', async () => {
    const page = SerialInsidersPage.parse(
      await rankSerialInsiders(db, SerialInsidersRequest.parse({}), AS_OF),
    );
    expect(page.total).toBe(2);
    expect(page.wallets.map((w) => w.wallet)).toEqual(['U', 'S']);
    expect(page.wallets[1]).toEqual({
      wallet: 'S',
      insider_in: 3,
      also_held: 4,
      early_investor_in: 1,
      avg_supply_pct: 2,
      realized_sol: 3,
      insider_settled: 3,
      insider_rugged: 3,
      sample_tokens: ['P3', 'P2', 'P1'],
    });
  });

  it('min_tokens lowers the bar and limit cuts the page after counting', async () => {
    const page = await rankSerialInsiders(
      db,
      SerialInsidersRequest.parse({ min_tokens: 2, limit: 1 }),
      AS_OF,
    );
    expect(page.total).toBe(3);
    expect(page.count).toBe(1);
    expect(page.wallets[0].wallet).toBe('U');
  });

  it('launches after as_of do not count', async () => {
    const later = await rankSerialInsiders(db, SerialInsidersRequest.parse({}), at(12));
    expect(later.wallets.find((w) => w.wallet === 'S')?.insider_in).toBe(4);
    const page = await rankSerialInsiders(db, SerialInsidersRequest.parse({}), at(2));
    expect(page.total).toBe(0);
    expect(page.says).toBe('No wallet was an insider in 3 or more launches.');
  });

  it('the identity index gives the same pages; its whole-history totals only once every insider fact is known', async () => {
    const index = await prepareIdentityIndex(db);
    expect(index.insiders_through).not.toBeNull();
    const after = index.insiders_through! + 1;
    for (const [asOf, min_tokens] of [
      [AS_OF, 3],
      [AS_OF, 2],
      [at(12), 2],
      [at(2), 2],
      [index.insiders_through!, 2],
      [after, 2],
      [after, 3],
    ] as const) {
      const request = SerialInsidersRequest.parse({ min_tokens });
      const { db: spy, seen } = recordingQueryable(db);
      expect(await rankSerialInsiders(spy, request, asOf, { index })).toEqual(
        await rankSerialInsiders(db, request, asOf),
      );
      const whole = asOf >= index.insiders_through!;
      expect(
        seen.some((s) => s.includes('FROM ix_serial_insiders')),
        String(asOf),
      ).toBe(whole);
      expect(
        seen.some((s) => s.includes('FROM ix_insider_rows')),
        String(asOf),
      ).toBe(!whole);
    }
  });

  it('the SQL cuts the page before the per-wallet details', () => {
    const q = buildSerialInsidersSql({ min_tokens: 3, limit: 25 }, 5);
    expect(q.sql.indexOf('LIMIT $limit')).toBeLessThan(q.sql.indexOf('held AS'));
    expect(q.params).toEqual({ as_of: 5, min_tokens: 3, limit: 25 });
  });
});

describe('rankFunderNetworks', () => {
  it('counts wallets funded by as_of and names known exchanges', async () => {
    const page = FunderNetworksPage.parse(
      await rankFunderNetworks(db, FunderNetworksRequest.parse({}), AS_OF),
    );
    expect(page.total).toBe(2);
    expect(page.funders[0]).toMatchObject({
      funder: EXCH,
      funder_known: 'OKX',
      wallets_funded: 4,
      tokens: 0,
    });
    expect(page.funders[1]).toEqual({
      funder: 'F',
      funder_known: null,
      wallets_funded: 3,
      tokens: 2,
      first_seen: new Date(at(0)).toISOString(),
      last_seen: new Date(at(0) + 2).toISOString(),
      sample_wallets: ['a', 'b', 'c'],
    });
    expect(page.says).toContain('OKX, funded 4 wallets');
  });

  it('the identity index gives the same pages; its whole-history summary only from its last funding on', async () => {
    const index = await prepareIdentityIndex(db);
    expect(index.funded_through).toBe(at(25));
    for (const [asOf, min_wallets] of [
      [at(25), 3],
      [at(30), 2],
      [at(30), 4],
    ] as const) {
      const request = FunderNetworksRequest.parse({ min_wallets });
      const { db: spy, seen } = recordingQueryable(db);
      expect(await rankFunderNetworks(spy, request, asOf, { index })).toEqual(
        await rankFunderNetworks(db, request, asOf),
      );
      expect(seen.some((s) => s.includes('FROM ix_funder_summary'))).toBe(true);
    }
    const { db: spy, seen } = recordingQueryable(db);
    for (const asOf of [AS_OF, at(12)]) {
      const early = await rankFunderNetworks(spy, FunderNetworksRequest.parse({ min_wallets: 2 }), asOf, {
        index,
      });
      expect(early).toEqual(
        await rankFunderNetworks(db, FunderNetworksRequest.parse({ min_wallets: 2 }), asOf),
      );
    }
    expect(seen.some((s) => s.includes('ix_funder_summary'))).toBe(false);
    expect(seen.some((s) => s.includes('ix_funder_mints'))).toBe(true);
  });

  it('min_wallets filters and funding after as_of is not seen', async () => {
    const page = await rankFunderNetworks(db, { min_wallets: 4, limit: 10 }, AS_OF);
    expect(page.funders.map((f) => f.funder)).toEqual([EXCH]);
    const later = await rankFunderNetworks(db, { min_wallets: 4, limit: 10 }, at(12));
    expect(later.funders.map((f) => f.funder)).toEqual([EXCH, 'F']);
    expect(later.funders[1].tokens).toBe(3);
  });
});

describe('the page count', () => {
  const request = { min_tokens: 2, min_wallets: 2, limit: 25 };
  const texts = () => [
    buildSerialInsidersSql(request, 5).sql,
    buildIndexedSerialInsidersSql(request, 5).sql,
    buildWholeSerialInsidersSql(request).sql,
    buildFunderNetworksSql(request, 5).sql,
    buildIndexedFunderNetworksSql(request, 5, false).sql,
    buildIndexedFunderNetworksSql(request, 5, true).sql,
  ];

  it('is a scalar subquery over the ranked rows, never a window over them', () => {
    const [serial, indexedSerial, wholeSerial, funders, indexedFunders, wholeFunders] = texts();
    for (const sql of texts()) expect(sql).not.toMatch(/OVER\s*\(\s*\)/);
    for (const sql of [serial, indexedSerial])
      expect(sql).toContain('(SELECT count(*) FROM ins)::BIGINT AS total');
    for (const sql of [funders, indexedFunders])
      expect(sql).toContain('(SELECT count(*) FROM agg)::BIGINT AS total');
    for (const sql of [wholeSerial, wholeFunders])
      expect(sql).toContain('(SELECT count(*) FROM hits)::BIGINT AS total');
  });

  it('the whole-history pages are the first ranks, read without sorting or copying the qualifying rows', () => {
    const funders = buildIndexedFunderNetworksSql(request, 5, true).sql;
    const serial = buildWholeSerialInsidersSql(request).sql;
    for (const sql of [funders, serial]) {
      expect(sql).toContain('WITH hits AS NOT MATERIALIZED (SELECT * FROM ix_');
      expect(sql).toContain('WHERE rank <= $limit');
      expect(sql).not.toContain('LIMIT');
    }
    expect(funders.indexOf('rank <= $limit')).toBeLessThan(funders.indexOf('LEFT JOIN known_wallets'));
  });

  it('counts every qualifying row on every path while the page holds only `limit` of them', async () => {
    const index = await prepareIdentityIndex(db);
    const after = Math.max(index.insiders_through!, index.funded_through!) + 1;
    for (const asOf of [AS_OF, at(12), after]) {
      for (const options of [{}, { index }]) {
        const serial = (limit: number) =>
          rankSerialInsiders(db, SerialInsidersRequest.parse({ min_tokens: 2, limit }), asOf, options);
        const [all, one] = await Promise.all([serial(100), serial(1)]);
        expect(all.total, `serial ${asOf}`).toBe(all.wallets.length);
        expect(all.total).toBeGreaterThan(1);
        expect(one.total).toBe(all.total);
        expect(one.wallets).toEqual(all.wallets.slice(0, 1));
        const funders = (limit: number) =>
          rankFunderNetworks(db, FunderNetworksRequest.parse({ min_wallets: 2, limit }), asOf, options);
        const [every, first] = await Promise.all([funders(100), funders(1)]);
        expect(every.total, `funders ${asOf}`).toBe(every.funders.length);
        expect(every.total).toBeGreaterThan(1);
        expect(first.total).toBe(every.total);
        expect(first.funders).toEqual(every.funders.slice(0, 1));
      }
    }
  });

  it('is zero with an empty page', async () => {
    const index = await prepareIdentityIndex(db);
    const after = Math.max(index.insiders_through!, index.funded_through!) + 1;
    for (const options of [{}, { index }]) {
      const serial = await rankSerialInsiders(
        db,
        SerialInsidersRequest.parse({ min_tokens: 50 }),
        after,
        options,
      );
      expect([serial.total, serial.count]).toEqual([0, 0]);
      const funders = await rankFunderNetworks(
        db,
        FunderNetworksRequest.parse({ min_wallets: 1000 }),
        after,
        options,
      );
      expect([funders.total, funders.count]).toEqual([0, 0]);
    }
  });
});
