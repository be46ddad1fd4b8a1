import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import {
  DAY,
  type FixtureRows,
  holderRow,
  outcomeRow,
  positionRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from '../testing/table-rows.js';
import { findTiedLaunches, identifyToken } from './identify-token.js';
import { type IdentityIndex, indexIsCurrent, prepareIdentityIndex } from './identity-index.js';
import { IdentityRecord } from './identity-record.js';

const at = (d: number) => T0 + d * DAY;
const X = at(10);

/**
 * X is analysed on day 10. `s` was insider in three earlier rugs (P1–P3) and insider again in
 * L1, analysed after X. `n` sniped P1, P2 and P5. Q, P6 share X's creator. P4 is earlier but
 * settles after X's analysis. L1 is later and must never count.
 */
const before: FixtureRows = {
  tokens: [
    tokenRow({ mint: 'X', analyzed_at: X, creator: 'cx', dev_pct: 4, dev_sold: true }),
    tokenRow({ mint: 'P1', analyzed_at: at(1) }),
    tokenRow({ mint: 'P2', analyzed_at: at(2) }),
    tokenRow({ mint: 'P3', analyzed_at: at(3) }),
    tokenRow({ mint: 'P4', analyzed_at: X - DAY / 2 }),
    tokenRow({ mint: 'P5', analyzed_at: at(4) }),
    tokenRow({ mint: 'Q', analyzed_at: at(5), creator: 'cx' }),
    tokenRow({ mint: 'P6', analyzed_at: at(6), creator: 'cx' }),
  ],
  holders: [
    holderRow({ mint: 'X', wallet: 's' }),
    holderRow({ mint: 'X', wallet: 'n', is_sniper: true }),
    holderRow({ mint: 'X', wallet: 'f', is_fresh: true }),
    holderRow({ mint: 'X', wallet: 'k', is_kol: true }),
    holderRow({ mint: 'P1', wallet: 's', is_insider: true }),
    holderRow({ mint: 'P2', wallet: 's', is_insider: true }),
    holderRow({ mint: 'P3', wallet: 's', is_insider: true }),
    holderRow({ mint: 'P4', wallet: 's', is_insider: true }),
    holderRow({ mint: 'P1', wallet: 'n', is_sniper: true }),
    holderRow({ mint: 'P2', wallet: 'n', is_sniper: true }),
    holderRow({ mint: 'P5', wallet: 'n', is_sniper: true }),
  ],
  outcomes: [
    outcomeRow({ mint: 'P1', rugged: true, reached_2x: false }, at(1)),
    outcomeRow({ mint: 'P2', rugged: true, reached_2x: false }, at(2)),
    outcomeRow({ mint: 'P3', rugged: true, reached_2x: false }, at(3)),
    outcomeRow({ mint: 'P4', rugged: false }, X - DAY / 2),
    outcomeRow({ mint: 'P5', rugged: false }, at(4)),
    outcomeRow({ mint: 'Q', rugged: false }, at(5)),
    outcomeRow({ mint: 'P6', rugged: false, reached_5x: true }, at(6)),
  ],
  positions: [positionRow('P1', 's', 2, at(1)), positionRow('P5', 'n', -0.5, at(4))],
};
const after: FixtureRows = {
  tokens: [tokenRow({ mint: 'L1', analyzed_at: at(12), creator: 'cx' })],
  holders: [
    holderRow({ mint: 'L1', wallet: 's', is_insider: true }),
    holderRow({ mint: 'L1', wallet: 'f', is_insider: true }),
  ],
  outcomes: [outcomeRow({ mint: 'L1', rugged: true }, at(12)), outcomeRow({ mint: 'X', rugged: false }, X)],
  positions: [positionRow('L1', 's', 50, at(12)), positionRow('X', 'f', 9, X)],
};
const merge = (a: FixtureRows, b: FixtureRows): FixtureRows =>
  Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [
      k,
      [...((a as Record<string, unknown[]>)[k] ?? []), ...((b as Record<string, unknown[]>)[k] ?? [])],
    ]),
  );

let early: DatasetStore;
let full: DatasetStore;
let indexed: DatasetStore;
let index: IdentityIndex;
beforeAll(async () => {
  [early, full, indexed] = await Promise.all([
    storeWith(before),
    storeWith(merge(before, after)),
    storeWith(merge(before, after)),
  ]);
  index = await prepareIdentityIndex(indexed);
});
afterAll(async () => {
  await Promise.all([early.close(), full.close(), indexed.close()]);
});

async function identity(db: DatasetStore, asOf: number, mint = 'X'): Promise<IdentityRecord> {
  const r = await identifyToken(db, mint, asOf, db === indexed ? { index } : {});
  if (r.kind !== 'found') throw new Error('expected a record');
  return IdentityRecord.parse(r.record);
}

describe('identifyToken', () => {
  it('a wallet that was insider in three earlier rugs is a serial insider', async () => {
    const r = await identity(full, at(20));
    expect(r.identity.serial_insiders).toBe(1);
    expect(r.identity.serial_insider_wallets).toEqual([{ wallet: 's', insider_in: 4 }]);
    expect(r.identity.serial_snipers).toBe(1);
    expect(r.identity.holders_checked).toBe(4);
    expect(r.identity.holders_with_history).toBe(2);
    expect(r.identity.coverage_pct).toBe(50);
    expect(r.identity.prior_appearances).toBe(7);
    expect(r.identity.kol_wallets).toBe(1);
    expect(r.identity.prior_realized_sol).toBeCloseTo(1.5);
    expect(r.identity.prior_winners).toBe(1);
  });

  it('a sibling seen only after the token analysis is not a sibling', async () => {
    const r = await identity(full, at(20));
    const mints = r.sibling_tokens.map((t) => t.mint);
    expect(mints).not.toContain('L1');
    expect(new Set(mints)).toEqual(new Set(['P1', 'P2', 'P3', 'P4', 'Q', 'P6']));
    expect(r.sibling_tokens_total).toBe(6);
  });

  it('a launch shared only through a sniper is not a sibling', async () => {
    const r = await identity(full, at(20));
    expect(r.sibling_tokens.map((t) => t.mint)).not.toContain('P5');
  });

  it('prior outcomes count only when settled before the analysis', async () => {
    const r = await identity(full, at(20));
    expect(r.sibling_outcomes).toEqual({ siblings: 6, known: 5, rugged: 3, rug_pct: 60 });
    expect(r.sibling_tokens.find((t) => t.mint === 'P4')?.rugged).toBeNull();
    expect(r.creator).toEqual({
      address: 'cx',
      allocation_pct: 4,
      has_sold: true,
      prior_launches: 2,
      prior_settled: 2,
      prior_rugged: 0,
    });
  });

  it('upside compares settled siblings with the base rate of the window', async () => {
    const r = await identity(full, at(20));
    expect(r.upside).not.toBeNull();
    expect(r.upside?.n).toBe(5);
    expect(r.upside?.reached_2x_pct).toBe(40);
    expect(r.upside?.reached_5x_pct).toBe(20);
    expect(r.upside?.base_n).toBe(6);
    expect(r.upside?.base_2x_pct).toBe(50);
  });

  it('results do not change when rows after the analysis moment are added', async () => {
    expect(await identity(full, at(20))).toEqual(await identity(early, at(20)));
    expect(await identity(full, X)).toEqual(await identity(early, X));
  });

  it('the says sentence carries the numbers', async () => {
    const r = await identity(full, at(20));
    expect(r.says).toContain('2 of 4 wallets (50.0%)');
    expect(r.says).toContain('3 of 5 settled ones rugged');
  });

  it('the identity index gives the same records as the base tables, for every token', async () => {
    expect(index).toMatchObject({ tokens: 9, holder_rows: 13 });
    for (const mint of ['X', 'P1', 'P4', 'P6', 'L1', 'Q']) {
      expect(await identity(indexed, at(20), mint), mint).toEqual(await identity(full, at(20), mint));
    }
    expect(await indexIsCurrent(indexed, index)).toBe(true);
  });

  it('with an index, identity reads the index tables and not the history of the base tables', async () => {
    const { db: spy, seen } = recordingQueryable(indexed);
    const r = await identifyToken(spy, 'X', at(20), { index });
    expect(r.kind).toBe('found');
    expect(seen.some((s) => s.includes('FROM ix_holder_history'))).toBe(true);
    expect(seen.some((s) => s.includes('FROM ix_tie_facts'))).toBe(true);
    expect(seen.some((s) => s.includes('FROM holders h JOIN tokens t'))).toBe(false);
  });

  it('indexed ties count every shared wallet, keep same-creator launches sharing none, and end at until', async () => {
    const { db: spy, seen } = recordingQueryable(indexed);
    const late = await findTiedLaunches(spy, 'X', 'cx', at(20), index);
    expect(seen.some((s) => s.includes('FROM ix_tie_facts'))).toBe(true);
    expect(late.map((t) => [t.mint, t.same_creator, t.shared_insiders, t.shared_wallets])).toEqual([
      ['L1', true, 2, 2],
      ['P6', true, 0, 0],
      ['Q', true, 0, 0],
      ['P2', false, 1, 2],
      ['P1', false, 1, 2],
      ['P4', false, 1, 1],
      ['P3', false, 1, 1],
    ]);
    const early = await findTiedLaunches(indexed, 'X', 'cx', X, index);
    expect(early.map((t) => t.mint)).toEqual(['P6', 'Q', 'P2', 'P1', 'P4', 'P3']);
    for (const until of [X, at(20)]) {
      expect(await findTiedLaunches(indexed, 'X', 'cx', until, index)).toEqual(
        await findTiedLaunches(full, 'X', 'cx', until),
      );
    }
  });

  it('a token appended after the index was built falls back to the base tables', async () => {
    await indexed.appendRows('tokens', [tokenRow({ mint: 'NEW', analyzed_at: at(30), creator: 'cx' })]);
    await indexed.appendRows('holders', [holderRow({ mint: 'NEW', wallet: 's', is_insider: true })]);
    expect(await indexIsCurrent(indexed, index)).toBe(false);
    const r = await identity(indexed, at(31), 'NEW');
    expect(r.identity.serial_insider_wallets).toEqual([{ wallet: 's', insider_in: 5 }]);
    expect(r.sibling_tokens_total).toBe(8);
  });

  it('an unknown mint has no record', async () => {
    expect((await identifyToken(full, 'missing', at(20))).kind).toBe('none');
    expect((await identifyToken(full, 'X', X - 1)).kind).toBe('none');
  });
});
