import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { dayAt as at, fiveKolsRows } from '../testing/five-kols.js';
import { withServedCopy } from '../testing/open-served-copy.js';
import { roundNumbers } from '../testing/round-numbers.js';
import { DAY, kolTradeRow, outcomeRow, recordingQueryable, storeWith, T0 } from '../testing/table-rows.js';
import { KOL_TOTALS_TABLE } from './kol-totals-index-sql.js';
import { KolsRequest } from './kols-request.js';
import { rankKols } from './rank-kols.js';

let db: DatasetStore;

beforeAll(async () => {
  db = await storeWith(fiveKolsRows());
});
afterAll(() => db.close());

/** Asserts that the served store ranks as the memory store (its in-memory ledger) for every sort and window at `moments`. */
async function sameLeaderboards(served: DatasetStore, moments: readonly number[]): Promise<void> {
  for (const sort of ['profit', 'success', 'activity'] as const)
    for (const days of [1, 7, 20, 90])
      for (const asOf of moments)
        for (const limit of [50, 2]) {
          const request = KolsRequest.parse({ days, sort, limit });
          expect(
            roundNumbers(await rankKols(served, request, asOf)),
            `${sort} ${days}d limit ${limit} at day ${(asOf - T0) / DAY}`,
          ).toEqual(roundNumbers(await rankKols(db, request, asOf)));
        }
}

/** What ranking at `asOf` read: the served KOL totals as they are, corrected for appended rows, or the trades. */
async function lifetimeRead(served: DatasetStore, asOf: number): Promise<'base' | 'corrected' | 'trades'> {
  const recorded = recordingQueryable(served);
  await rankKols(recorded.db, KolsRequest.parse({}), asOf);
  const board = recorded.seen.find((sql) => sql.includes('per_kol'))!;
  return !board.includes(KOL_TOTALS_TABLE) ? 'trades' : board.includes('touched') ? 'corrected' : 'base';
}

describe('rankKols on a served store', () => {
  it('answers from the KOL totals after the last trade, from the trades before it, as the ledger does', async () => {
    await withServedCopy(db, async (served) => {
      expect(await lifetimeRead(served, at(40))).toBe('base');
      expect(await lifetimeRead(served, at(39))).toBe('trades');
      await sameLeaderboards(served, [at(3), at(12), at(30), at(40), at(45), at(50)]);

      // Appended since the base: a trade on a pair the base holds (bob, M4), new pairs (carol and
      // a new KOL on M5), and outcomes settling tokens the base left open (M3, M5).
      const later = {
        kols: [{ wallet: 'frank', name: 'Frank', handle: null, verified: false, followers: 2 }],
        kol_trades: [
          kolTradeRow('b4', 'bob', 'M4', at(44), { side: 'SELL', realized_sol: -300 }),
          kolTradeRow('c2', 'carol', 'M5', at(45), { realized_sol: 0.4 }),
          kolTradeRow('f1', 'frank', 'M5', at(46), { realized_sol: -0.2 }),
        ],
        outcomes: [
          outcomeRow({ mint: 'M3', rugged: true }, at(46)),
          outcomeRow({ mint: 'M5', rugged: false }, at(47)),
        ],
      };
      for (const store of [db, served]) {
        await store.appendRows('kols', later.kols);
        await store.appendRows('kol_trades', later.kol_trades);
        await store.appendRows('outcomes', later.outcomes);
      }
      // M5 settles on day 48: the totals are whole from then on.
      expect(await lifetimeRead(served, at(47))).toBe('trades');
      expect(await lifetimeRead(served, at(48))).toBe('corrected');
      await sameLeaderboards(served, [at(30), at(44), at(47), at(48), at(60)]);
    });
  }, 60_000);
});
