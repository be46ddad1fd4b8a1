import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { tokenRow } from '../testing/table-rows.js';
import { ConnectionPool, type PooledConnection } from './connection-pool.js';
import { DatasetError } from './dataset-error.js';
import { openMemoryStore } from './open-memory-store.js';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('ConnectionPool', () => {
  it('gives each checkout a connection of its own and serves waiters in arrival order', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), { size: 2 });
    const busy = new Set<PooledConnection>();
    const started: number[] = [];
    let overlaps = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        pool.use(async (connection) => {
          if (busy.has(connection)) overlaps++;
          busy.add(connection);
          peak = Math.max(peak, busy.size);
          started.push(i);
          await connection.connection.run('SELECT 1');
          await tick();
          busy.delete(connection);
        }),
      ),
    );
    expect(overlaps).toBe(0);
    expect(peak).toBe(2);
    expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await pool.close();
  });

  it('returns the connection when a task throws', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), { size: 1 });
    await expect(pool.use(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.use(async (c) => (await c.connection.runAndReadAll('SELECT 42')).getRows()[0][0])).toBe(
      42,
    );
    await pool.close();
  });

  it('keeps a statement from its second use and evicts the least recently used', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), {
      size: 1,
      statementCacheSize: 2,
    });
    await pool.use(async (c) => {
      const statementOf = (sql: string) => c.withStatement(sql, async (entry) => entry);
      await statementOf('SELECT 1');
      const a = await statementOf('SELECT 1');
      expect(await statementOf('SELECT 1')).toBe(a);
      for (const sql of ['SELECT 2', 'SELECT 2', 'SELECT 1', 'SELECT 3', 'SELECT 3']) await statementOf(sql);
      // SELECT 2 was the least recently used when SELECT 3 was kept.
      expect(await statementOf('SELECT 1')).toBe(a);
      const b = await statementOf('SELECT 2');
      expect(await statementOf('SELECT 2')).not.toBe(b);
    });
    await pool.close();
  });

  it('runs a text seen for the first time without keeping it, and keeps none of many one-off texts', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), {
      size: 1,
      statementCacheSize: 4,
    });
    await pool.use(async (c) => {
      const once = await c.withStatement('SELECT 42 AS x', async (entry) => entry);
      const kept = await c.withStatement('SELECT 42 AS x', async (entry) => entry);
      expect(kept).not.toBe(once);
      const rows: number[] = [];
      for (let i = 0; i < 50; i++)
        rows.push(
          await c.withStatement(`SELECT ${i} AS x`, async ({ statement }) =>
            Number((await statement.runAndReadAll()).getRows()[0][0]),
          ),
        );
      expect(rows).toEqual(Array.from({ length: 50 }, (_, i) => i));
      // Fifty one-off texts on a cache of four: none was kept, so none pushed the reused one out.
      expect(await c.withStatement('SELECT 42 AS x', async (entry) => entry)).toBe(kept);
    });
    await pool.close();
  });

  it('destroys a one-off statement even when its use throws', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), { size: 1 });
    await pool.use(async (c) => {
      await expect(
        c.withStatement('SELECT 7', async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(
        await c.withStatement(
          'SELECT 7',
          async ({ statement }) => (await statement.runAndReadAll()).getRows()[0][0],
        ),
      ).toBe(7);
    });
    await pool.close();
  });

  it('closes only after running tasks end, and refuses later checkouts', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), { size: 1 });
    let finished = false;
    const running = pool.use(async (c) => {
      await tick();
      await c.connection.run('SELECT 1');
      finished = true;
    });
    await pool.close();
    expect(finished).toBe(true);
    await running;
    await expect(pool.use(async () => 1)).rejects.toBeInstanceOf(DatasetError);
  });
});

describe('DatasetStore under concurrency', () => {
  it('answers 2,000 overlapping lookups and queries with their own rows', async () => {
    const store = await openMemoryStore();
    const tokens = Array.from({ length: 400 }, (_, i) =>
      tokenRow({
        mint: `Mint${String(i).padStart(4, '0')}`,
        holders: i,
        analyzed_at: 1_717_200_000_000 + i * 1000,
      }),
    );
    await store.appendRows('tokens', tokens);
    const results = await Promise.all(
      Array.from({ length: 2000 }, async (_, i) => {
        const k = (i * 7919) % tokens.length;
        if (i % 3 === 0) {
          const [row] = await store.all<{ n: number }>(
            'SELECT count(*) AS n FROM tokens WHERE holders < $h',
            { h: k },
          );
          return row.n === k;
        }
        if (i % 3 === 1) {
          const rows = await store.all<{ mint: string }>('SELECT mint FROM tokens WHERE analyzed_at = $at', {
            at: tokens[k].analyzed_at,
          });
          return rows.length === 1 && rows[0].mint === tokens[k].mint;
        }
        const row = await store.tokenByMint(tokens[k].mint);
        return row !== null && row.holders === k && row.mint === tokens[k].mint;
      }),
    );
    expect(results.filter((ok) => !ok)).toHaveLength(0);
    expect(results).toHaveLength(2000);
    await store.close();
  });
});
