import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { HOUR, holderRow, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { buildCompareSql } from './build-compare-sql.js';
import { buildCoveredMintsSql } from './build-covered-mints-sql.js';
import { CompareRecord } from './compare-record.js';
import { CompareRequest } from './compare-request.js';
import { compareTokens } from './compare-tokens.js';

const A = T0 + HOUR;
let db: DatasetStore;
beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({ mint: 'A', analyzed_at: A }),
      tokenRow({ mint: 'B', analyzed_at: A }),
      tokenRow({ mint: 'C', analyzed_at: A }),
      tokenRow({ mint: 'LATE', analyzed_at: A + HOUR }),
    ],
    holders: [
      holderRow({ mint: 'A', wallet: 'x', is_insider: true }),
      holderRow({ mint: 'B', wallet: 'x', is_sniper: true, rank: null, supply_pct: 0 }),
      holderRow({ mint: 'C', wallet: 'x' }),
      holderRow({ mint: 'A', wallet: 'y', is_early: true, rank: null, supply_pct: 0 }),
      holderRow({ mint: 'B', wallet: 'y', rank: null, supply_pct: 0 }),
      holderRow({ mint: 'A', wallet: 'z' }),
      holderRow({ mint: 'LATE', wallet: 'x' }),
      holderRow({ mint: 'LATE', wallet: 'z' }),
    ],
  });
});
afterAll(() => db.close());

describe('compareTokens', () => {
  it('finds wallets shared by two or more tokens with their roles', async () => {
    const r = await compareTokens(db, CompareRequest.parse({ mints: ['A', 'B', 'C'] }), A);
    expect(r.kind).toBe('found');
    if (r.kind !== 'found') return;
    expect(r.coverage).toBe('full');
    const rec = CompareRecord.parse(r.record);
    expect(rec.count).toBe(2);
    expect(rec.in_all).toBe(1);
    expect(rec.shared).toEqual([
      { wallet: 'x', in_tokens: 3, mints: ['A', 'B', 'C'], roles: ['holder', 'insider', 'sniper'] },
      { wallet: 'y', in_tokens: 2, mints: ['A', 'B'], roles: ['early'] },
    ]);
  });

  it('unknown mints are listed and the rest answered with partial coverage', async () => {
    const r = await compareTokens(db, { mints: ['A', 'B', 'NOPE', 'LATE'] }, A);
    if (r.kind !== 'found') throw new Error('expected a record');
    expect(r.coverage).toBe('partial');
    expect(r.record.compared).toEqual(['A', 'B']);
    expect(r.record.not_covered).toEqual(['NOPE', 'LATE']);
    expect(r.record.count).toBe(2);
    expect(r.record.says).toContain('2 mints not covered');
  });

  it('truncates the shared list at the cap and keeps the true count', async () => {
    const r = await compareTokens(db, { mints: ['A', 'B'] }, A, 1);
    if (r.kind !== 'found') throw new Error('expected a record');
    expect(r.record.shared).toHaveLength(1);
    expect(r.record.count).toBe(2);
  });

  it('no known mint gives no record', async () => {
    expect((await compareTokens(db, { mints: ['NOPE', 'NADA'] }, A)).kind).toBe('none');
  });

  it('the request takes 2 to 4 distinct mints', () => {
    expect(CompareRequest.safeParse({ mints: ['A'] }).success).toBe(false);
    expect(CompareRequest.safeParse({ mints: ['A', 'B', 'C', 'D', 'E'] }).success).toBe(false);
    expect(CompareRequest.safeParse({ mints: ['A', 'A'] }).success).toBe(false);
  });

  it('the SQL binds one parameter per mint', () => {
    const q = buildCompareSql(['A', 'B', 'C']);
    expect(q.sql).toContain('WHERE mint IN ($m0, $m1, $m2)');
    expect(q.params).toEqual({ m0: 'A', m1: 'B', m2: 'C' });
  });

  it('looks the mints up with one parameter each, so the mint index serves them', () => {
    const q = buildCoveredMintsSql(['A', 'B'], A);
    expect(q.sql).toBe(
      'SELECT mint FROM tokens WHERE mint IN ($m0, $m1) AND analyzed_at <= epoch_ms(CAST($as_of AS BIGINT))',
    );
    expect(q.params).toEqual({ m0: 'A', m1: 'B', as_of: A });
  });
});
