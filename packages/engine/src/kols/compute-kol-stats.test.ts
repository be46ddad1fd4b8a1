import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { dayAt as at, fiveKolsRows } from '../testing/five-kols.js';
import { DAY, kolTradeRow, storeWith, T0 } from '../testing/table-rows.js';
import { buildKolStatsSql, type KolStatsQuery, type KolStatsRow } from './build-kol-stats-sql.js';
import { computeKolStats } from './compute-kol-stats.js';
import { kolLedgerOf } from './kol-ledger-of.js';

let db: DatasetStore;

beforeAll(async () => {
  db = await storeWith(fiveKolsRows());
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
