import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { createSqliteGroupCommit } from './sqlite-group-commit.js';

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
