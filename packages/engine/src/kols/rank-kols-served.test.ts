import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { withServedCopy } from '../testing/open-served-copy.js';
import { roundNumbers } from '../testing/round-numbers.js';
import {
  DAY,
  kolTradeRow,
  outcomeRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from '../testing/table-rows.js';
import { KOL_TOTALS_TABLE } from './kol-totals-index-sql.js';
import { KolsRequest } from './kols-request.js';
import { rankKols } from './rank-kols.js';

const at = (d: number) => T0 + d * DAY;
let db: DatasetStore;

/** Five KOLs over five tokens (wins, losses, unsettled tokens, ties); the last trade is at day 40. */
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
          kolTradeRow('c1', 'carol', 'M5', at(45), { realized_sol: 0.4 }),
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
