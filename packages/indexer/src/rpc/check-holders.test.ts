import type { HolderRow } from '@launchlens/engine';
import { describe, expect, it } from 'vitest';
import type { HolderCapture } from './capture-holders.js';
import { checkHolders } from './check-holders.js';

const row = (wallet: string, supply_pct: number) => ({ wallet, supply_pct }) as HolderRow;
const capture = (holdings: [string, number][], method: 'largest' | 'program_accounts' = 'program_accounts') =>
  ({
    kind: 'captured',
    mint: 'M',
    slot: 120,
    method,
    supply_raw: 1000,
    holdings: holdings.map(([owner, amount_raw], i) => ({ token_account: `ta${i}`, owner, amount_raw })),
  }) satisfies HolderCapture;

describe('checkHolders', () => {
  it('matches equal balances, sums an owner’s accounts and skips excluded owners', () => {
    const check = checkHolders(
      [row('a', 10), row('b', 5), row('none', 0)],
      capture([
        ['a', 60],
        ['a', 40],
        ['b', 50],
        ['POOL', 800],
      ]),
      { migrationSlot: 100, exclude: new Set(['POOL']) },
    );
    expect(check).toEqual({
      mint: 'M',
      migration_slot: 100,
      capture_slot: 120,
      method: 'program_accounts',
      compared: 2,
      matched: 2,
      differences: [],
    });
  });

  it('reports a different balance and wallets only one side has', () => {
    const check = checkHolders(
      [row('a', 10), row('b', 5)],
      capture([
        ['a', 50],
        ['c', 50],
      ]),
      { migrationSlot: 100, exclude: new Set() },
    );
    expect(check.compared).toBe(3);
    expect(check.matched).toBe(0);
    expect(check.differences).toEqual([
      { wallet: 'a', builder_pct: 10, chain_pct: 5 },
      { wallet: 'b', builder_pct: 5, chain_pct: null },
      { wallet: 'c', builder_pct: null, chain_pct: 5 },
    ]);
  });

  it('with the top-20 method, builder wallets below the smallest captured account are not judged', () => {
    const top = Array.from({ length: 20 }, (_, i) => [`w${i}`, 30 + i] as [string, number]);
    const rows = [...top.map(([w, a]) => row(w, a / 10)), row('small', 1), row('big', 40)];
    const check = checkHolders(rows, capture(top, 'largest'), { migrationSlot: 1, exclude: new Set() });
    expect(check.matched).toBe(20);
    expect(check.differences).toEqual([{ wallet: 'big', builder_pct: 40, chain_pct: null }]);
  });
});
