import { DAY, type FixtureRows, kolTradeRow, outcomeRow, T0, tokenRow } from './table-rows.js';

/** Test support: `T0` plus `d` days, in epoch ms. */
export const dayAt = (d: number): number => T0 + d * DAY;

/**
 * Test support: five KOLs over five tokens (wins, losses, unsettled tokens, ties on every sort
 * key: alice and dave trade alike, a KOL with no trade); the last trade is on day 40, the last
 * settlement on day 22.
 */
export function fiveKolsRows(): FixtureRows {
  return {
    tokens: ['M1', 'M2', 'M3', 'M4', 'M5'].map((m, i) => tokenRow({ mint: m, analyzed_at: dayAt(i * 5) })),
    outcomes: [
      outcomeRow({ mint: 'M1', rugged: false }, dayAt(1)),
      outcomeRow({ mint: 'M2', rugged: true }, dayAt(6)),
      outcomeRow({ mint: 'M4', rugged: false }, dayAt(21)),
    ],
    kols: [
      { wallet: 'alice', name: 'Alice', handle: '@alice', verified: true, followers: 5000 },
      { wallet: 'bob', name: 'Bob', handle: null, verified: false, followers: 10 },
      { wallet: 'carol', name: 'Carol', handle: '@carol', verified: false, followers: 1 },
      { wallet: 'dave', name: 'Dave', handle: null, verified: true, followers: 7 },
      { wallet: 'erin', name: 'Erin', handle: null, verified: false, followers: 3 },
    ],
    kol_trades: [
      kolTradeRow('a1', 'alice', 'M1', dayAt(1), { realized_sol: 0.5 }),
      kolTradeRow('a2', 'alice', 'M2', dayAt(6), { side: 'SELL', sol: 0.2, realized_sol: -0.25 }),
      kolTradeRow('a3', 'alice', 'M3', dayAt(11), { side: 'SELL', sol: 3, realized_sol: 2 }),
      kolTradeRow('a4', 'alice', 'M5', dayAt(29), { sol: 0.7, realized_sol: 0.1 }),
      kolTradeRow('b1', 'bob', 'M4', dayAt(21), { realized_sol: 0.05 }),
      kolTradeRow('b2', 'bob', 'M4', dayAt(27), { realized_sol: 0.05 }),
      kolTradeRow('b3', 'bob', 'M1', dayAt(2), { realized_sol: -1 }),
      kolTradeRow('d1', 'dave', 'M1', dayAt(1), { realized_sol: 0.5 }),
      kolTradeRow('d2', 'dave', 'M2', dayAt(6), { sol: 0.2, realized_sol: -0.25 }),
      kolTradeRow('d3', 'dave', 'M3', dayAt(11), { sol: 3, realized_sol: 2 }),
      kolTradeRow('d4', 'dave', 'M5', dayAt(29), { sol: 0.7, realized_sol: 0.1 }),
      kolTradeRow('late', 'bob', 'M4', dayAt(40), { realized_sol: 100 }),
      kolTradeRow('e1', 'erin', 'M5', dayAt(28), { realized_sol: 0.3 }),
    ],
  };
}
