import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { DAY, kolTradeRow, outcomeRow, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { buildKolStatsSql, type KolStatsQuery, type KolStatsRow } from './build-kol-stats-sql.js';
import { computeKolStats } from './compute-kol-stats.js';
import { kolLedgerOf } from './kol-ledger-of.js';

const at = (d: number) => T0 + d * DAY;
let db: DatasetStore;

/** Four KOLs over five tokens: wins, losses, unsettled tokens, ties on every sort key, a KOL with no trade. */
beforeAll(async () => {
  db = await storeWith({
    tokens: ['M1', 'M2', 'M3', 'M4', 'M5'].map((m, i) => tokenRow({ mint: m, analyzed_at: at(i * 5) })),
    outcomes: [
      outcomeRow({ mint: 'M1', rugged: false }, at(1)),
      outcomeRow({ mint: 'M2', rugged: true }, at(6)),
      outcomeRow({ mint: 'M4', rugged: false }, at(21)),
    ],
    kols: [
      { wallet: 'alice', name: 'Alice', handle: '@alice', verified: true, followers: 5000 },
      { wallet: 'bob', name: 'Bob', handle: null, verified: false, followers: 10 },
      { wallet: 'carol', name: 'Carol', handle: '@carol', verified: false, followers: 1 },
      { wallet: 'dave', name: 'Dave', handle: null, verified: true, followers: 7 },
      { wallet: 'erin', name: 'Erin', handle: null, verified: false, followers: 3 },
    ],
    kol_trades: [
      kolTradeRow('a1', 'alice', 'M1', at(1), { realized_sol: 0.5 }),
      kolTradeRow('a2', 'alice', 'M2', at(6), { side: 'SELL', sol: 0.2, realized_sol: -0.25 }),
      kolTradeRow('a3', 'alice', 'M3', at(11), { side: 'SELL', sol: 3, realized_sol: 2 }),
      kolTradeRow('a4', 'alice', 'M5', at(29), { sol: 0.7, realized_sol: 0.1 }),
      kolTradeRow('b1', 'bob', 'M4', at(21), { realized_sol: 0.05 }),
      kolTradeRow('b2', 'bob', 'M4', at(27), { realized_sol: 0.05 }),
      kolTradeRow('b3', 'bob', 'M1', at(2), { realized_sol: -1 }),
      kolTradeRow('d1', 'dave', 'M1', at(1), { realized_sol: 0.5 }),
      kolTradeRow('d2', 'dave', 'M2', at(6), { sol: 0.2, realized_sol: -0.25 }),
      kolTradeRow('d3', 'dave', 'M3', at(11), { sol: 3, realized_sol: 2 }),
      kolTradeRow('d4', 'dave', 'M5', at(29), { sol: 0.7, realized_sol: 0.1 }),
      kolTradeRow('late', 'bob', 'M4', at(40), { realized_sol: 100 }),
      kolTradeRow('e1', 'erin', 'M5', at(28), { realized_sol: 0.3 }),
    ],
  });
});
afterAll(() => db.close());

function expectSameRows(memory: KolStatsRow[], sql: KolStatsRow[], label: string): void {
  expect(
    memory.map((r) => r.wallet),
    label,
  ).toEqual(sql.map((r) => r.wallet));
  memory.forEach((m, i) => {
    const s = sql[i];
    for (const key of Object.keys(s) as (keyof KolStatsRow)[]) {
      if (key.endsWith('_sol'))
        expect(m[key] as number, `${label} ${s.wallet}.${key}`).toBeCloseTo(s[key] as number, 9);
      else expect(m[key], `${label} ${s.wallet}.${key}`).toEqual(s[key]);
    }
  });
}

describe('computeKolStats', () => {
  it('gives the rows of the KOL-stats SQL, in its order, for every sort, window and moment', async () => {
    const ledger = await kolLedgerOf(db);
    // at(45) and at(50) are after every trade and settlement (the ledger summary's path);
    // at(45) with 20 days cuts bob's M4 trades (21, 27, 40) inside its window.
    for (const sort of ['profit', 'success', 'activity'] as const)
      for (const days of [1, 7, 20, 30])
        for (const asOf of [at(3), at(12), at(30), at(40), at(45), at(50)])
          for (const extra of [{ limit: null }, { limit: 2 }, { limit: null, wallet: 'alice' }]) {
            const query: KolStatsQuery = { days, sort, ...extra };
            const q = buildKolStatsSql(query, asOf);
            const label = `${sort} ${days}d at ${(asOf - T0) / DAY} ${JSON.stringify(extra)}`;
            expectSameRows(
              computeKolStats(ledger, query, asOf),
              await db.all<KolStatsRow>(q.sql, q.params),
              label,
            );
          }
  });

  it('takes in trades appended after the ledger was first read', async () => {
    const before = computeKolStats(await kolLedgerOf(db), { days: 7, sort: 'activity', limit: null }, at(60));
    await db.appendRows('kol_trades', [kolTradeRow('c1', 'carol', 'M5', at(58))]);
    const after = computeKolStats(await kolLedgerOf(db), { days: 7, sort: 'activity', limit: null }, at(60));
    expect(before.find((r) => r.wallet === 'carol')?.trades).toBe(0);
    expect(after[0]).toMatchObject({ wallet: 'carol', trades: 1, recent_trades: 1 });
  });
});
