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
import { KOL_TOKENS_SQL, KOL_TRADES_SQL } from './build-kol-detail-sql.js';
import { buildKolStatsSql } from './build-kol-stats-sql.js';
import { describeKol } from './describe-kol.js';
import { KolDetail } from './kol-detail.js';
import { KolLeaderboard } from './kol-leaderboard.js';
import { KOL_TRADES_TABLE } from './kol-trades-index-sql.js';
import { KolsRequest } from './kols-request.js';
import { rankKols } from './rank-kols.js';

const at = (d: number) => T0 + d * DAY;
const AS_OF = at(30);
let db: DatasetStore;

/**
 * Alice: M1 won (+0.5 net), M2 lost (−0.3 net, despite one winning sell), M3 not settled (+2), all
 * 20+ days ago. Bob: 4 trades on M4 in the last week for +0.2. Carol: none. A trade after as_of
 * never counts.
 */
beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({ mint: 'M1', analyzed_at: at(1) }),
      tokenRow({ mint: 'M2', analyzed_at: at(2) }),
      tokenRow({ mint: 'M3', analyzed_at: at(29.5) }),
      tokenRow({ mint: 'M4', analyzed_at: at(25) }),
    ],
    outcomes: [
      outcomeRow({ mint: 'M1', rugged: false }, at(1)),
      outcomeRow({ mint: 'M2', rugged: true }, at(2)),
      outcomeRow({ mint: 'M4', rugged: false }, at(25)),
    ],
    kols: [
      { wallet: 'alice', name: 'Alice', handle: '@alice', verified: true, followers: 5000 },
      { wallet: 'bob', name: 'Bob', handle: null, verified: false, followers: 10 },
      { wallet: 'carol', name: 'Carol', handle: '@carol', verified: false, followers: 1 },
    ],
    kol_trades: [
      kolTradeRow('a1', 'alice', 'M1', at(1)),
      kolTradeRow('a2', 'alice', 'M1', at(1) + 1000, {
        side: 'SELL',
        sol: 1.5,
        realized_sol: 0.5,
        roi_pct: 50,
      }),
      kolTradeRow('a3', 'alice', 'M2', at(2)),
      kolTradeRow('a4', 'alice', 'M2', at(2) + 1000, { side: 'SELL', sol: 0.2, realized_sol: 0.1 }),
      kolTradeRow('a5', 'alice', 'M2', at(2) + 2000, { side: 'SELL', sol: 0.1, realized_sol: -0.4 }),
      kolTradeRow('a6', 'alice', 'M3', at(29.5), { side: 'SELL', sol: 3, realized_sol: 2 }),
      ...[1, 2, 3, 4].map((i) => kolTradeRow(`b${i}`, 'bob', 'M4', at(25) + i, { realized_sol: 0.05 })),
      kolTradeRow('late', 'bob', 'M4', at(31), { realized_sol: 100 }),
    ],
  });
});
afterAll(() => db.close());

describe('rankKols', () => {
  it('win rate counts a token as won by its net realized SOL, settled tokens only', async () => {
    const board = KolLeaderboard.parse(await rankKols(db, KolsRequest.parse({ sort: 'success' }), AS_OF));
    const alice = board.kols.find((k) => k.wallet === 'alice');
    expect(alice?.lifetime).toMatchObject({
      trades: 6,
      tokens: 3,
      tokens_settled: 2,
      tokens_won: 1,
      win_rate: 0.5,
    });
    expect(alice?.lifetime.realized_sol).toBeCloseTo(2.2);
    expect(board.kols[0].wallet).toBe('bob');
    expect(board.kols.map((k) => k.wallet)).toEqual(['bob', 'alice', 'carol']);
  });

  it('profit and activity sort on the recent window', async () => {
    const profit = await rankKols(db, KolsRequest.parse({ days: 7 }), AS_OF);
    expect(profit.kols.map((k) => k.wallet)).toEqual(['alice', 'bob', 'carol']);
    expect(profit.kols[0].recent).toMatchObject({ trades: 1, tokens: 1, realized_sol: 2 });
    const activity = await rankKols(db, KolsRequest.parse({ sort: 'activity', limit: 1 }), AS_OF);
    expect(activity.kols.map((k) => k.wallet)).toEqual(['bob']);
    expect(activity.total).toBe(3);
    expect(activity.count).toBe(1);
    expect(activity.says).toContain(
      'Bob was the most active of 3 tracked KOLs over the last 7 days with 4 trades',
    );
  });

  it('a trade after as_of never counts', async () => {
    const board = await rankKols(db, KolsRequest.parse({}), AS_OF);
    expect(board.kols.find((k) => k.wallet === 'bob')?.lifetime.realized_sol).toBeCloseTo(0.2);
  });

  it('the success order puts KOLs with no settled token last', () => {
    const q = buildKolStatsSql({ days: 7, sort: 'success', limit: 10 }, 0);
    expect(q.sql).toContain('ORDER BY win_rate DESC NULLS LAST');
    expect(q.sql).toContain('LIMIT $limit');
  });
});

describe('describeKol', () => {
  it('lists recent trades and per-token results', async () => {
    const d = KolDetail.parse(await describeKol(db, 'alice', AS_OF));
    expect(d.kol?.name).toBe('Alice');
    expect(d.recent_trades[0]).toMatchObject({
      id: 'a6',
      side: 'SELL',
      sol: 3,
      realized_sol: 2,
      symbol: 'M3',
    });
    expect(d.recent_trades_total).toBe(6);
    expect(d.tokens.map((t) => [t.mint, t.buys, t.sells, t.won])).toEqual([
      ['M3', 0, 1, null],
      ['M2', 1, 2, false],
      ['M1', 1, 1, true],
    ]);
    expect(d.says).toContain('1 of 2 settled tokens won (50.0%)');
  });

  it('counts every trade and token by as_of with a scalar subquery, whatever the page holds', async () => {
    for (const sql of [KOL_TRADES_SQL, KOL_TOKENS_SQL]) {
      expect(sql).not.toMatch(/OVER\s*\(\s*\)/);
      expect(sql).toMatch(/\(SELECT count\(\*\) FROM (trades|per_token)\) AS total/);
    }
    const page = async (sql: string, limit: number) =>
      db.all<{ total: number }>(sql, { wallet: 'alice', as_of: AS_OF, limit });
    for (const sql of [KOL_TRADES_SQL, KOL_TOKENS_SQL]) {
      const all = await page(sql, 100);
      const two = await page(sql, 2);
      expect(all.every((r) => r.total === all.length)).toBe(true);
      expect(two).toEqual(all.slice(0, 2));
    }
    expect((await page(KOL_TRADES_SQL, 2))[0].total).toBe(6);
    expect((await page(KOL_TOKENS_SQL, 2))[0].total).toBe(3);
    // Bob's trade after as_of is neither listed nor counted.
    const bob = await db.all<{ id: string; total: number }>(KOL_TRADES_SQL, {
      wallet: 'bob',
      as_of: AS_OF,
      limit: 2,
    });
    expect(bob.map((r) => [r.id, r.total])).toEqual([
      ['b4', 4],
      ['b3', 4],
    ]);
  });

  it('an untracked address gives kol null', async () => {
    const d = await describeKol(db, 'nobody', AS_OF);
    expect(d).toMatchObject({ kol: null, recent_trades: [], tokens: [] });
  });
});

describe('describeKol on a served store', () => {
  it('reads the KOL-ordered trades and answers as the plain tables do', async () => {
    await withServedCopy(db, async (served) => {
      const recorded = recordingQueryable(served);
      await describeKol(recorded.db, 'alice', AS_OF);
      expect(recorded.seen.some((sql) => sql.includes(KOL_TRADES_TABLE))).toBe(true);
      for (const wallet of ['alice', 'bob', 'carol', 'nobody']) {
        for (const asOf of [AS_OF, at(2), at(40)]) {
          // Sums over the trades in the served file's order differ in the last bits.
          expect(roundNumbers(await describeKol(served, wallet, asOf)), `${wallet} ${asOf}`).toEqual(
            roundNumbers(await describeKol(db, wallet, asOf)),
          );
        }
      }
    });
  }, 60_000);
});
