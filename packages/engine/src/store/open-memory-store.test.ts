import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATASET_TABLES, TABLE_NAMES } from '../tables/dataset-tables.js';
import type { HolderRow } from '../tables/holder-row.js';
import { Manifest } from '../tables/manifest.js';
import { tokenRow } from '../testing/table-rows.js';
import { DatasetError } from './dataset-error.js';
import type { DatasetStore } from './dataset-store.js';
import { openMemoryStore } from './open-memory-store.js';

let store: DatasetStore;
beforeEach(async () => {
  store = await openMemoryStore();
});
afterEach(async () => {
  await store.close();
});

function holder(mint: string, wallet: string, overrides: Partial<HolderRow> = {}): HolderRow {
  return {
    mint,
    wallet,
    rank: 1,
    supply_pct: 2.5,
    sol_balance: null,
    is_creator: false,
    is_sniper: true,
    is_insider: false,
    is_bundle: false,
    is_early: true,
    is_fresh: false,
    is_whale: false,
    is_notable: false,
    is_kol: false,
    is_wash: false,
    funder: null,
    group_id: 7,
    first_buy_slot: 270_000_001,
    first_buy_at: 1_717_200_000_400,
    bought_sol: 1.5,
    sold_sol: 0,
    ...overrides,
  };
}

async function expectDatasetError(
  promise: Promise<unknown>,
  code: string,
  text: string,
): Promise<DatasetError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasetError);
  expect((error as DatasetError).code).toBe(code);
  expect((error as DatasetError).message).toContain(text);
  return error as DatasetError;
}

describe('openMemoryStore', () => {
  it('has every dataset table, empty, with the schema columns and types', async () => {
    for (const name of TABLE_NAMES) {
      const columns = await store.all<{ column_name: string; column_type: string }>(`DESCRIBE ${name}`);
      expect(columns.map((c) => [c.column_name, c.column_type])).toEqual(
        DATASET_TABLES[name].columns.map((c) => [c.name, c.type]),
      );
      expect(await store.all(`SELECT * FROM ${name}`)).toEqual([]);
    }
    expect(store.tables.size).toBe(TABLE_NAMES.length);
  });

  it('carries a synthetic manifest that passes the manifest schema', () => {
    expect(Manifest.parse(store.manifest)).toEqual(store.manifest);
    expect(store.dir).toBeNull();
  });

  it('gives appended rows back exactly, nulls and timestamps included', async () => {
    const token = tokenRow({ mint: 'MintA', name: null, top1_pct: null, analyzed_at: 1_717_200_123_456 });
    await store.appendRows('tokens', [token, tokenRow({ mint: 'MintB' })]);
    expect(await store.tokenByMint('MintA')).toEqual(token);
    const rows = [
      holder('MintA', 'W1'),
      holder('MintA', 'W2', { rank: null, funder: 'F1', first_buy_at: null }),
    ];
    await store.appendRows('holders', rows);
    expect(await store.all('SELECT * FROM holders ORDER BY wallet')).toEqual(rows);
  });

  it('answers null for a mint it does not have', async () => {
    await store.appendRows('tokens', [tokenRow({ mint: 'MintA' })]);
    expect(await store.tokenByMint('MintZ')).toBeNull();
  });

  it('converts BIGINT, HUGEINT, DECIMAL, TIMESTAMP, DATE, LIST, STRUCT and NULL to plain JS values', async () => {
    const [row] = await store.all<Record<string, unknown>>(
      `SELECT 9007199254740991::BIGINT AS big, sum(x) AS huge, 1.25::DECIMAL(5,2) AS dec, 0.5::DOUBLE AS dbl,
        TIMESTAMP '2024-06-01 00:00:00.123' AS ts, DATE '2024-06-02' AS day, 'text' AS str, true AS flag,
        [1, 2, 3]::BIGINT[] AS list, {'a': 1::BIGINT, 'b': 'x'} AS obj, NULL AS nothing
       FROM (VALUES (40::BIGINT), (2::BIGINT)) v(x)`,
    );
    expect(row).toEqual({
      big: 9_007_199_254_740_991,
      huge: 42,
      dec: 1.25,
      dbl: 0.5,
      ts: Date.UTC(2024, 5, 1, 0, 0, 0, 123),
      day: Date.UTC(2024, 5, 2),
      str: 'text',
      flag: true,
      list: [1, 2, 3],
      obj: { a: 1, b: 'x' },
      nothing: null,
    });
  });

  it('binds a number compared with a TIMESTAMP column as epoch ms', async () => {
    const t = 1_717_200_600_000;
    await store.appendRows('tokens', [
      tokenRow({ mint: 'Early', analyzed_at: t - 1 }),
      tokenRow({ mint: 'OnTime', analyzed_at: t }),
      tokenRow({ mint: 'Late', analyzed_at: t + 1 }),
    ]);
    const rows = await store.all<{ mint: string }>(
      'SELECT mint FROM tokens WHERE analyzed_at <= $asOf ORDER BY analyzed_at',
      { asOf: t },
    );
    expect(rows.map((r) => r.mint)).toEqual(['Early', 'OnTime']);
  });

  it('binds arrays as lists, typed by context or by their values', async () => {
    await store.appendRows(
      'tokens',
      ['A', 'B', 'C'].map((mint, i) => tokenRow({ mint, holders: 10 * i })),
    );
    const typed = await store.all<{ mint: string }>(
      'SELECT mint FROM tokens WHERE list_contains($mints, mint) ORDER BY mint',
      { mints: ['A', 'C', 'Z'] },
    );
    expect(typed.map((r) => r.mint)).toEqual(['A', 'C']);
    const open = await store.all<{ mint: string }>(
      'SELECT mint FROM tokens WHERE holders = ANY($h) ORDER BY mint',
      {
        h: [0, 20],
      },
    );
    expect(open.map((r) => r.mint)).toEqual(['A', 'C']);
    const [echo] = await store.all<{ n: number; x: number; s: string }>('SELECT $n AS n, $x AS x, $s AS s', {
      n: 3,
      x: 0.5,
      s: 'hi',
    });
    expect(echo).toEqual({ n: 3, x: 0.5, s: 'hi' });
  });

  it('refuses a missing or an unknown parameter by name', async () => {
    await expectDatasetError(store.all('SELECT $a AS a, $b AS b', { a: 1 }), 'query_failed', '$b');
    await expectDatasetError(store.all('SELECT $a AS a', { a: 1, typo: 2 }), 'query_failed', '$typo');
  });

  it('reports a failing query with its SQL', async () => {
    await expectDatasetError(store.all('SELECT nope FROM tokens'), 'query_failed', 'SELECT nope FROM tokens');
  });

  it('adds nothing when a row does not match the table schema', async () => {
    const bad = { ...tokenRow({ mint: 'B' }), holders: 'many' } as unknown as ReturnType<typeof tokenRow>;
    await expectDatasetError(
      store.appendRows('tokens', [tokenRow({ mint: 'A' }), bad]),
      'rows_invalid',
      'row 1',
    );
    expect(await store.all('SELECT mint FROM tokens')).toEqual([]);
  });

  it('adds nothing when the database refuses a row (a mint tokens already has)', async () => {
    await store.appendRows('tokens', [tokenRow({ mint: 'A' })]);
    await expectDatasetError(
      store.appendRows('tokens', [tokenRow({ mint: 'B' }), tokenRow({ mint: 'A' })]),
      'rows_invalid',
      'tokens',
    );
    expect(await store.all('SELECT mint FROM tokens')).toEqual([{ mint: 'A' }]);
  });

  it('appends more than one data chunk of rows', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      holder('M', `W${String(i).padStart(5, '0')}`, {
        rank: i % 3 === 0 ? null : i,
        sol_balance: i % 2 ? i / 2 : null,
      }),
    );
    expect(await store.appendRows('holders', rows)).toBe(5000);
    expect(await store.all('SELECT * FROM holders ORDER BY wallet')).toEqual(rows);
  });

  it('refuses work once closed', async () => {
    await store.close();
    await expectDatasetError(store.all('SELECT 1'), 'store_closed', 'closed');
    store = await openMemoryStore();
  });
});
