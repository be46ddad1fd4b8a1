import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { loadTestSmall } from '../testing/test-small.js';
import { IDENTITY_INDEX_SQL, oneConnectionIdentityIndexSql } from './identity-index-sql.js';

const UNORDERED = new Set(['ix_wallet_ids', 'ix_funder_mints', 'ix_funder_summary', 'ix_tie_facts']);

/** JSON of a DuckDB value with bigints as text and every list's items in sorted order. */
function plainJson(_: string, v: unknown): unknown {
  if (typeof v === 'bigint') return String(v);
  if (v !== null && typeof v === 'object' && 'items' in v && Array.isArray(v.items))
    return v.items.map((item: unknown) => JSON.stringify(item, plainJson)).sort();
  return v;
}

describe('oneConnectionIdentityIndexSql', () => {
  it('makes every ix_tmp_ table temporary and leaves every other statement as it was', () => {
    const sql = oneConnectionIdentityIndexSql();
    expect(sql).toHaveLength(IDENTITY_INDEX_SQL.length);
    let temp = 0;
    for (const [i, statement] of sql.entries()) {
      if (/^CREATE OR REPLACE TABLE ix_tmp_/.test(IDENTITY_INDEX_SQL[i])) {
        temp++;
        expect(statement.startsWith('CREATE OR REPLACE TEMP TABLE ix_tmp_')).toBe(true);
        expect(statement.replace(' TEMP TABLE ', ' TABLE ')).toBe(IDENTITY_INDEX_SQL[i]);
      } else {
        expect(statement).toBe(IDENTITY_INDEX_SQL[i]);
      }
    }
    expect(temp).toBeGreaterThan(5);
  });

  it('leaves no table behind but the index, and writes the tables the plain statements write', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    try {
      expect(oneConnectionIdentityIndexSql(['CREATE OR REPLACE TABLE ix_tmp_x AS SELECT 1 AS a'])).toEqual([
        'CREATE OR REPLACE TEMP TABLE ix_tmp_x AS SELECT 1 AS a',
      ]);
      for (const sql of oneConnectionIdentityIndexSql([
        'CREATE OR REPLACE TABLE ix_tmp_x AS SELECT 1 AS a',
        'CREATE OR REPLACE TABLE ix_kept AS SELECT a + 1 AS b FROM ix_tmp_x',
        'DROP TABLE IF EXISTS ix_tmp_x',
      ]))
        await c.run(sql);
      const tables = await c.runAndReadAll(
        "SELECT table_name, temporary FROM duckdb_tables() WHERE table_name LIKE 'ix_%' ORDER BY 1",
      );
      expect(tables.getRows()).toEqual([['ix_kept', false]]);
      expect((await c.runAndReadAll('SELECT b FROM ix_kept')).getRows()).toEqual([[2]]);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });

  it('builds the identity tables the plain statements build, row for row (test-small)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    try {
      await loadTestSmall(c);
      const built = async (sql: readonly string[]) => {
        for (const statement of sql) await c.run(statement);
        const names = (
          await c.runAndReadAll(
            "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'ix_%' ORDER BY 1",
          )
        ).getRows();
        const out: Record<string, string[]> = {};
        for (const [name] of names) {
          const select =
            name === 'ix_wallet_ids' ? 'SELECT wallet FROM ix_wallet_ids' : `SELECT * FROM ${name}`;
          const rows = (await c.runAndReadAll(select)).getRows().map((r) => JSON.stringify(r, plainJson));
          // What the plain statements leave in no set order (wallet ids, a funder's launches, the
          // summary's rows, a token's list of ties) is compared as a sorted set.
          out[String(name)] = UNORDERED.has(String(name)) ? rows.sort() : rows;
        }
        return out;
      };
      const plain = await built(IDENTITY_INDEX_SQL);
      const temp = await built(oneConnectionIdentityIndexSql());
      expect(Object.keys(plain).length).toBeGreaterThan(8);
      expect(plain.ix_holder_history.length).toBeGreaterThan(100);
      expect(temp).toEqual(plain);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });
});

describe('IDENTITY_INDEX_SQL', () => {
  it('builds ix_funder_mints with numbered funders as the plain grouping by funder strings does (test-small)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    try {
      await loadTestSmall(c);
      const upTo = IDENTITY_INDEX_SQL.findIndex((sql) =>
        sql.startsWith('DROP TABLE IF EXISTS ix_tmp_events'),
      );
      for (const statement of IDENTITY_INDEX_SQL.slice(0, upTo)) await c.run(statement);
      const rows = async (sql: string) =>
        (await c.runAndReadAll(sql))
          .getRows()
          .map((r) => JSON.stringify(r, plainJson))
          .sort();
      const plain = await rows(`SELECT g.funder, m.mint, g.known_at
FROM (
  SELECT f.funder, e.mid, min(greatest(f.funded_at, e.analyzed_at)) AS known_at
  FROM funders f JOIN ix_wallet_ids w ON w.wallet = f.wallet JOIN ix_tmp_events e ON e.wid = w.wid
  GROUP BY f.funder, e.mid
) g JOIN ix_tmp_mint_ids m ON m.mid = g.mid`);
      expect(plain.length).toBeGreaterThan(1000);
      expect(await rows('SELECT funder, mint, known_at FROM ix_funder_mints')).toEqual(plain);
      const order = await c.runAndReadAll(
        'SELECT count(*) FROM (SELECT funder, lag(funder) OVER (ORDER BY rowid) AS prev FROM ix_funder_mints) WHERE prev > funder',
      );
      expect(Number(order.getRows()[0][0])).toBe(0);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });

  it('keeps ix_holder_history in (mint, wallet) order, sorting by the numbers it gives them (test-small)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    try {
      await loadTestSmall(c);
      for (const statement of IDENTITY_INDEX_SQL) await c.run(statement);
      const order =
        await c.runAndReadAll(`SELECT count(*), count(*) FILTER (WHERE prev_mint IS NOT NULL AND (prev_mint, prev_wallet) > (mint, wallet))
FROM (SELECT mint, wallet, lag(mint) OVER (ORDER BY rowid) AS prev_mint, lag(wallet) OVER (ORDER BY rowid) AS prev_wallet
  FROM ix_holder_history)`);
      const [rows, outOfOrder] = order.getRows()[0].map(Number);
      expect(rows).toBeGreaterThan(1000);
      expect(outOfOrder).toBe(0);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });
});
