import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { createSqliteGroupCommit, type WriteOutcome } from './sqlite-group-commit.js';

test('a value passed to `after` reaches its caller in the turn’s commit, after the writes queued before it', async () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (x INTEGER)');
  const insert = db.prepare<[number]>('INSERT INTO t VALUES (?)');
  const group = createSqliteGroupCommit(db);
  const order: string[] = [];
  const written = group.run((x: number) => insert.run(x).changes, 1).then(() => order.push('write'));
  const held = group.after('hold').then((v) => order.push(v));
  await Promise.resolve();
  await Promise.resolve();
  expect(order).toEqual([]);
  await Promise.all([written, held]);
  expect(order).toEqual(['write', 'hold']);
  group.close();
  expect(await group.after('late')).toBe('late');
  db.close();
});

test('writes run together in one turn are one write, and each caller gets its own outcome', async () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (x INTEGER CHECK (x > 0))');
  const insert = db.prepare<[number]>('INSERT INTO t VALUES (?)');
  const group = createSqliteGroupCommit(db);
  const calls: number[][] = [];
  const insertAll = (xs: readonly number[]): WriteOutcome<number>[] => {
    calls.push([...xs]);
    return xs.map((x) => {
      try {
        return { ok: true, value: db.transaction(() => insert.run(x).changes)() };
      } catch (error) {
        return { ok: false, error };
      }
    });
  };
  const committed: number[] = [];
  const failed: number[] = [];
  const results = await Promise.allSettled(
    [1, -1, 2].map((x) =>
      group.runTogether(
        insertAll,
        x,
        (_, input) => committed.push(input),
        (_, input) => failed.push(input),
      ),
    ),
  );
  expect(calls).toEqual([[1, -1, 2]]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(committed).toEqual([1, 2]);
  expect(failed).toEqual([-1]);
  expect(await group.runTogether(insertAll, 3)).toBe(1);
  expect(calls).toEqual([[1, -1, 2], [3]]);
  group.close();
  db.close();
});
