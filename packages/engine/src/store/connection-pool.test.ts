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

  it('prepares a statement once per connection and evicts the least recently used', async () => {
    const pool = await ConnectionPool.create(await DuckDBInstance.create(':memory:'), {
      size: 1,
      statementCacheSize: 2,
    });
    await pool.use(async (c) => {
      const a = await c.prepare('SELECT 1');
      expect(await c.prepare('SELECT 1')).toBe(a);
      await c.prepare('SELECT 2');
      await c.prepare('SELECT 1');
      await c.prepare('SELECT 3');
      expect(await c.prepare('SELECT 1')).toBe(a);
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
