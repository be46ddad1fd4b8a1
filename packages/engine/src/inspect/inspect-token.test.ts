import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { HOUR, holderRow, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { InspectRecord } from './inspect-record.js';
import { inspectToken } from './inspect-token.js';

let db: DatasetStore;
const A = T0 + HOUR;

beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({
        mint: 'mintA',
        analyzed_at: A,
        holders: 3,
        insiders_pct: 30,
        insiders_n: 2,
        groups_n: 1,
        groups_pct: 45,
        wash_share: 0.25,
      }),
    ],
    holders: [
      holderRow({
        mint: 'mintA',
        wallet: 'w1',
        rank: 1,
        supply_pct: 30,
        sol_balance: 150,
        is_whale: true,
        group_id: 1,
        is_insider: true,
      }),
      holderRow({
        mint: 'mintA',
        wallet: 'w2',
        rank: 2,
        supply_pct: 15,
        sol_balance: 2,
        group_id: 1,
        is_kol: true,
        is_notable: true,
      }),
      holderRow({ mint: 'mintA', wallet: 'w3', rank: 3, supply_pct: 5, sol_balance: null, is_wash: true }),
      holderRow({
        mint: 'mintA',
        wallet: 'w4',
        rank: null,
        supply_pct: 0,
        sol_balance: 0.5,
        is_insider: true,
        bought_sol: 3,
        sold_sol: 4,
      }),
    ],
    kols: [{ wallet: 'w2', name: 'Alice', handle: '@alice', verified: true, followers: 1000 }],
  });
});
afterAll(() => db.close());

describe('inspectToken', () => {
  it('builds the record from the token and its holders', async () => {
    const r = await inspectToken(db, 'mintA', A);
    expect(r.kind).toBe('found');
    if (r.kind !== 'found') return;
    const rec = InspectRecord.parse(r.record);
    expect(rec.holders).toBe(3);
    expect(rec.traders).toBe(4);
    expect(rec.top_holders.map((h) => h.wallet)).toEqual(['w1', 'w2', 'w3']);
    expect(rec.top_holders[0]).toEqual({
      rank: 1,
      wallet: 'w1',
      supply_pct: 30,
      is_whale: true,
      is_notable: false,
    });
    expect(rec.groups.largest).toEqual([{ group_id: 1, members: 2, supply_pct: 45 }]);
    expect(rec.holder_wealth.considered).toBe(3);
    expect(rec.holder_wealth.with_known_balance).toBe(2);
    expect(rec.holder_wealth.median_sol).toBe(76);
    expect(rec.holder_wealth.buckets.map((b) => b.holders)).toEqual([0, 1, 0, 1]);
    expect(rec.tracked_traders).toEqual([
      {
        wallet: 'w2',
        name: 'Alice',
        is_kol: true,
        is_notable: true,
        supply_pct: 15,
        bought_sol: 1,
        sold_sol: 0,
      },
    ]);
    expect(rec.trading_patterns).toEqual({ scalp_score: 10, wash_trading_pct: 25, wash_wallets: 1 });
    expect(rec.activity.curve_volume_sol).toBe(1 + 1 + 1 + 7);
    expect(rec.says).toContain('insiders held 30.0%');
  });

  it('an unknown mint has no record', async () => {
    const r = await inspectToken(db, 'nope', A);
    expect(r.kind).toBe('none');
  });

  it('a token analysed after as_of has no record yet', async () => {
    const r = await inspectToken(db, 'mintA', A - 1);
    expect(r.kind).toBe('none');
  });
});
