import { describe, expect, test } from 'vitest';
import type { LiveHolders } from '../../src/chain/chain-reader.js';
import { type BaselineHolder, compareHolders } from '../../src/chain/compare-holders.js';

const SUPPLY = 1_000_000;
const holder = (wallet: string, supply_pct: number, roles: Partial<BaselineHolder> = {}): BaselineHolder => ({
  wallet,
  supply_pct,
  is_creator: false,
  is_insider: false,
  is_sniper: false,
  is_bundle: false,
  ...roles,
});
const live = (complete: boolean, balances: Record<string, number>): LiveHolders => ({
  mint: 'm',
  at: 2000,
  supply_raw: SUPPLY,
  holdings: Object.entries(balances).map(([wallet, pct]) => ({ wallet, token_raw: (pct / 100) * SUPPLY })),
  complete,
  method: 'test',
});

const BASELINE = [
  holder('creator', 10, { is_creator: true }),
  holder('insider', 20, { is_insider: true }),
  holder('sniper', 5, { is_sniper: true }),
  holder('steady', 15),
];

describe('compareHolders', () => {
  test('with every account read: who left, reduced, grew, who is new, and the supply behind each', () => {
    const c = compareHolders(
      BASELINE,
      1000,
      live(true, { creator: 12, insider: 4, steady: 15, newcomer: 9 }),
      'sim',
    );
    expect(c.left).toMatchObject({ count: 1, supply_pct_at_analysis: 5, supply_pct_now: 0 });
    expect(c.left.wallets[0]).toEqual({
      wallet: 'sniper',
      roles: ['sniper'],
      supply_pct_at_analysis: 5,
      supply_pct_now: 0,
    });
    expect(c.reduced).toMatchObject({ count: 1, supply_pct_at_analysis: 20, supply_pct_now: 4 });
    expect(c.grew).toMatchObject({ count: 1, supply_pct_at_analysis: 10, supply_pct_now: 12 });
    expect(c.new_holders).toMatchObject({ count: 1, supply_pct_now: 9 });
    expect(c.baseline_supply_pct).toBe(50);
    expect(c.baseline_supply_pct_now).toBe(31);
    expect(c.roles.insiders).toEqual({ supply_pct_at_analysis: 20, supply_pct_now: 4 });
    expect(c.unseen).toBe(0);
    expect(c.baseline_at).toBe(new Date(1000).toISOString());
  });

  test('with only the largest accounts, a baseline holder not seen is unseen, never left, and totals are unknown', () => {
    const c = compareHolders(BASELINE, 1000, live(false, { creator: 10, insider: 20, steady: 15 }), 'rpc');
    expect(c.left.count).toBe(0);
    expect(c.unseen).toBe(1);
    expect(c.baseline_supply_pct_now).toBeNull();
    expect(c.roles.snipers.supply_pct_now).toBeNull();
    expect(c.roles.insiders.supply_pct_now).toBe(20);
  });
});
