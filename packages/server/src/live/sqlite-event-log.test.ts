import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rowsInMainFile } from '../ledger/rows-in-main-file.js';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import type { LoggedEvent } from './event-log.js';
import { openSqliteEventLog } from './sqlite-event-log.js';

const ev = (stream: 'migrations' | 'kols' | 'wallets', key: string) => ({
  stream,
  key,
  at: 1000,
  payload: { key },
});

test('ids increase across streams, a republished (stream, key) is skipped, and reads are per stream in id order', async () => {
  const log = openSqliteEventLog(':memory:');
  const heard: LoggedEvent[] = [];
  log.subscribe((batch) => heard.push(...batch));
  const first = await log.append([ev('migrations', 'a'), ev('kols', 'a'), ev('migrations', 'b')]);
  expect(first.map((e) => e.id)).toEqual([1, 2, 3]);
  const again = await log.append([ev('migrations', 'a'), ev('migrations', 'c')]);
  expect(again.map((e) => e.key)).toEqual(['c']);
  const c = again[0].id;
  expect(c).toBeGreaterThan(3);
  expect(heard.map((e) => e.id)).toEqual([1, 2, 3, c]);
  expect((await log.readAfter('migrations', 0, 10)).map((e) => e.key)).toEqual(['a', 'b', 'c']);
  expect((await log.readAfter('migrations', 1, 1)).map((e) => e.id)).toEqual([3]);
  expect((await log.readAfter('kols', 2, 10)).length).toBe(0);
  expect(await log.latestId()).toBe(c);
  const [read] = await log.readAfter('migrations', 3, 1);
  expect(read.payload).toEqual({ key: 'c' });
  expect(read.data).toBe('{"key":"c"}');
  await log.close();
});

test('the log persists in its file and ids never go back after a reopen', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-log-'));
  try {
    const file = join(dir, 'ledger.sqlite');
    const a = openSqliteEventLog(file);
    await a.append([ev('wallets', 'x'), ev('wallets', 'y')]);
    await a.close();
    const b = openSqliteEventLog(file);
    expect(await b.latestId()).toBe(2);
    const added = await b.append([ev('wallets', 'y'), ev('wallets', 'z')]);
    expect(added.map((e) => e.key)).toEqual(['z']);
    expect(added[0].id).toBeGreaterThan(2);
    await b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function waitForEventsInFile(path: string, n: number): Promise<number> {
  let inFile = rowsInMainFile(path, 'events');
  for (let waited = 0; inFile !== n && waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    inFile = rowsInMainFile(path, 'events');
  }
  return inFile;
}

test('a log in its own file checkpoints from a worker while open, so appends reach the database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-log-'));
  try {
    const file = join(dir, 'events.sqlite');
    const log = openSqliteEventLog(file);
    for (let i = 0; i < 40; i++) await log.append([ev('wallets', `w${i}`)]);
    // Far below SQLite's automatic threshold (1,000 frames): only a worker moves these pages.
    expect(await waitForEventsInFile(file, 40)).toBe(40);
    await log.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a log in the ledger's file leaves checkpoints to the ledger's worker, which moves its appends", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-log-'));
  try {
    const file = join(dir, 'ledger.sqlite');
    const ledger = openSqliteLedger(file);
    const log = openSqliteEventLog(file, { sharedCheckpointer: true });
    for (let i = 0; i < 40; i++) await log.append([ev('kols', `k${i}`)]);
    expect(await waitForEventsInFile(file, 40)).toBe(40);
    await log.close();
    await ledger.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
