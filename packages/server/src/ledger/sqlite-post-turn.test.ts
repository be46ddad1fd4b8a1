import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { createProcessHolds } from './process-holds.js';
import { createSqlitePostTurn, type Posting } from './sqlite-post-turn.js';

/** Keys and charges as the ledger has them, and a count of `keys` updates. */
function ledgerTables(balances: Record<string, number>) {
  const db = new Database(':memory:');
  db.exec(`
    CREATE TABLE keys (id TEXT PRIMARY KEY, credits INTEGER NOT NULL CHECK (credits >= 0));
    CREATE TABLE charges (id INTEGER PRIMARY KEY, key_id TEXT NOT NULL, route TEXT NOT NULL,
      credits INTEGER NOT NULL, request_id TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE key_updates (n INTEGER);
    CREATE TRIGGER counted AFTER UPDATE ON keys BEGIN INSERT INTO key_updates VALUES (1); END;
  `);
  for (const [id, credits] of Object.entries(balances))
    db.prepare('INSERT INTO keys VALUES (?, ?)').run(id, credits);
  const holds = createProcessHolds();
  const posting = (keyId: string, credits: number): Posting => ({
    hold: holds.add(keyId, credits, 'screen', `r-${keyId}-${credits}`, 1),
    credits,
    at: 2,
  });
  const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
  return { db, posting, count };
}

test('a turn of posts updates each key once and reports each post’s balance in issue order', () => {
  const { db, posting, count } = ledgerTables({ a: 100, b: 50 });
  const postTurn = createSqlitePostTurn(db);
  const outcomes = postTurn([posting('a', 10), posting('b', 5), posting('a', 20), posting('a', 1)]);
  expect(outcomes.map((o) => (o.ok ? o.value.balance : o.error))).toEqual([90, 45, 70, 69]);
  expect(outcomes.map((o) => (o.ok ? o.value.chargeId : null))).toEqual([1, 2, 3, 4]);
  expect(count('SELECT COUNT(*) FROM key_updates')).toBe(2);
  expect(db.prepare('SELECT id, credits FROM keys ORDER BY id').all()).toEqual([
    { id: 'a', credits: 69 },
    { id: 'b', credits: 45 },
  ]);
  expect(count('SELECT SUM(credits) FROM charges')).toBe(36);
});

test('a post whose credits are gone fails alone; the others of its turn are charged', () => {
  const { db, posting, count } = ledgerTables({ a: 10, b: 10 });
  const postTurn = createSqlitePostTurn(db);
  const outcomes = postTurn([posting('a', 6), posting('b', 3), posting('a', 6)]);
  expect(outcomes.map((o) => (o.ok ? o.value.balance : 'failed'))).toEqual([4, 7, 'failed']);
  expect(db.prepare('SELECT id, credits FROM keys ORDER BY id').all()).toEqual([
    { id: 'a', credits: 4 },
    { id: 'b', credits: 7 },
  ]);
  expect(count('SELECT COUNT(*) FROM charges')).toBe(2);
});
