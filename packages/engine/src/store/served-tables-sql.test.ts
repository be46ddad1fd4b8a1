import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_INDEX_SQL } from '../identity/identity-index-sql.js';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { linkTestSmall, loadTestSmall } from '../testing/test-small.js';
import type { DatasetStore } from './dataset-store.js';
import { openDataset } from './open-dataset.js';
import { toPlainValue } from './plain-value.js';

/** What the identity index leaves in no set order (as its own test says), compared as sorted sets. */
const UNORDERED = new Set(['ix_wallet_ids', 'ix_funder_mints', 'ix_funder_summary', 'ix_tie_facts']);

/** A key for sorting a plain value: bigints as text, doubles to 9 digits (sums differ in the last ones). */
function keyOf(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) =>
    typeof x === 'bigint' ? String(x) : typeof x === 'number' ? Number(x.toPrecision(9)) : x,
  );
}

/** A plain value with every list's items sorted (lists of ties have no set order). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canonical(x)]));
  }
  return v;
}

/**
 * The paths where `a` and `b` differ; doubles within 1e-9 (relative) are equal: the two builds
 * sum realized SOL in another order.
 */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)) ? [] : [`${path}: ${a} ≠ ${b}`];
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) =>
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return a === b || keyOf(a) === keyOf(b) ? [] : [`${path}: ${keyOf(a)} ≠ ${keyOf(b)}`];
}

/** The wallet-ordered copies as built from the string tables before they were written from the Parquet ids. */
const STRING_TABLE_COPIES: Record<string, string> = {
  ix_wallet_launches: `SELECT h.mint, h.wallet, h.rank, h.supply_pct, h.is_creator, h.is_sniper, h.is_insider, h.is_bundle,
  h.is_early, h.is_fresh, h.is_whale, h.is_notable, h.is_kol, h.is_wash, t.symbol, t.analyzed_at, o.settled_at, o.rugged
FROM holders h LEFT JOIN tokens t ON t.mint = h.mint LEFT JOIN outcomes o ON o.mint = h.mint
ORDER BY h.wallet, t.analyzed_at DESC, h.mint`,
  ix_wallet_positions: `SELECT p.wallet, p.mint, p.realized_sol, p.last_at, t.analyzed_at
FROM positions p LEFT JOIN tokens t ON t.mint = p.mint
ORDER BY p.wallet, p.mint`,
};

async function rowsOf(
  all: (sql: string) => Promise<object[]>,
  name: string,
  sql: string,
): Promise<unknown[]> {
  const rows = (await all(sql)).map(canonical);
  return UNORDERED.has(name) ? rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1)) : rows;
}

let dir: string;
let plain: DuckDBConnection;
let plainInstance: DuckDBInstance;
let served: DatasetStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'served-tables-'));
  await linkTestSmall(dir);
  served = await openDataset(dir, { threads: 1 });
  // The string-table path: every table loaded with its strings, the index built on them.
  plainInstance = await DuckDBInstance.create(':memory:');
  plain = await plainInstance.connect();
  await loadTestSmall(plain);
  for (const sql of IDENTITY_INDEX_SQL) await plain.run(sql);
}, 120_000);

afterAll(async () => {
  await served?.close();
  plain?.closeSync();
  plainInstance?.closeSync();
  await rm(dir, { recursive: true, force: true });
});

const servedRows = (sql: string) => served.all<object>(sql);
const plainRows = async (sql: string) => (await plain.runAndReadAll(sql)).convertRowObjects(toPlainValue);

describe('a serving store built from the Parquet ids (test-small)', () => {
  it('holds every identity table the string tables give, row for row', async () => {
    const tables = await plainRows(
      "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'ix\\_%' ESCAPE '\\' ORDER BY 1",
    );
    const names = tables.map((t) => String((t as { table_name: string }).table_name));
    expect(names).toContain('ix_holder_history');
    expect(names.length).toBeGreaterThan(8);
    for (const name of names) {
      const select = name === 'ix_wallet_ids' ? 'SELECT wallet FROM ix_wallet_ids' : `SELECT * FROM ${name}`;
      const want = await rowsOf(plainRows, name, select);
      expect(want.length, name).toBeGreaterThan(0);
      expect(differences(await rowsOf(servedRows, name, select), want).slice(0, 5), name).toEqual([]);
    }
  });

  it('holds the wallet-ordered copies the string tables give, in the same order', async () => {
    for (const [name, sql] of Object.entries(STRING_TABLE_COPIES)) {
      const want = await rowsOf(plainRows, name, sql);
      expect(want.length, name).toBeGreaterThan(1000);
      expect(
        differences(await rowsOf(servedRows, name, `SELECT * FROM ${name}`), want).slice(0, 5),
        name,
      ).toEqual([]);
    }
  });

  it('gives every holders and positions row of the files, holders in (mint, wallet) order', async () => {
    for (const name of ['holders', 'positions'] as const) {
      const columns = DATASET_TABLES[name].columns.map((c) => c.name).join(', ');
      const want = await rowsOf(plainRows, name, `SELECT ${columns} FROM ${name} ORDER BY mint, wallet`);
      const got = await rowsOf(servedRows, name, `SELECT ${columns} FROM ${name} ORDER BY mint, wallet`);
      expect(got.length, name).toBe(want.length);
      expect(differences(got, want).slice(0, 5), name).toEqual([]);
    }
    const stored = await served.all<{ mint: string; wallet: string }>(
      'SELECT mint, wallet FROM base.main.holders',
    );
    const sorted = [...stored].sort((a, b) =>
      a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : a.wallet < b.wallet ? -1 : 1,
    );
    expect(stored).toEqual(sorted);
  });
});
