import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingQueryable } from '../testing/table-rows.js';
import { appendOnlyRowsOf } from './append-only-rows-of.js';
import type { DatasetStore } from './dataset-store.js';
import { openMemoryStore } from './open-memory-store.js';

let db: DatasetStore;
const kol = (wallet: string) => ({ wallet, name: wallet, handle: null, verified: false, followers: 1 });

beforeAll(async () => {
  db = await openMemoryStore();
  await db.appendRows('kols', [kol('a'), kol('b')]);
});
afterAll(() => db.close());

describe('appendOnlyRowsOf', () => {
  it('reads the rows once, then only the rows appended since, in append order', async () => {
    const { db: spy, seen } = recordingQueryable(db);
    expect(await appendOnlyRowsOf(spy, 'kols', 'wallet')).toEqual([{ wallet: 'a' }, { wallet: 'b' }]);
    const first = await appendOnlyRowsOf(spy, 'kols', 'wallet');
    expect(seen.filter((s) => s.includes('rowid'))).toHaveLength(1);
    await db.appendRows('kols', [kol('c')]);
    const after = await appendOnlyRowsOf(spy, 'kols', 'wallet');
    expect(after).toEqual([{ wallet: 'a' }, { wallet: 'b' }, { wallet: 'c' }]);
    expect(first).toHaveLength(2);
    expect(seen.filter((s) => s.includes('rowid'))).toHaveLength(2);
  });

  it('a stated row count that does not add up reads every row again', async () => {
    const { db: spy } = recordingQueryable(db);
    expect(await appendOnlyRowsOf(spy, 'kols', 'wallet, followers', 3)).toHaveLength(3);
    expect(await appendOnlyRowsOf(spy, 'kols', 'wallet, followers', 5)).toHaveLength(3);
  });
});
