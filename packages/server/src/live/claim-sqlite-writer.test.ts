import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { claimWriterInChild } from '../../test/support/writer-claim-in-child.js';
import type { EventLog } from './event-log.js';
import { openSqliteEventLog } from './sqlite-event-log.js';

const ROWS = 'rows:sim:42:2026-01-01T00:00:00.000Z' as const;
const OTHER = 'rows:sim:7:2026-01-01T00:00:00.000Z' as const;

let dir: string;
let file: string;
const opened: EventLog[] = [];
/** A handle of its own on the log file, as another process would have. */
const open = () => {
  const log = openSqliteEventLog(file);
  opened.push(log);
  return log;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'writer-claim-'));
  file = join(dir, 'ledger.sqlite');
});
afterEach(async () => {
  for (const log of opened.splice(0)) await log.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a second claim on a rows stream is held, naming the holder's host, pid and moment", async () => {
  const before = Date.now();
  const first = await open().claimWriter(ROWS);
  expect(first.kind).toBe('claimed');
  const second = await open().claimWriter(ROWS);
  expect(second).toEqual({
    kind: 'held',
    holder: { host: hostname(), pid: process.pid, since: expect.any(Number) },
  });
  const since = second.kind === 'held' ? second.holder!.since : 0;
  expect(since).toBeGreaterThanOrEqual(before);
  expect(since).toBeLessThanOrEqual(Date.now());
});

test('a release lets the next claim in, and so does closing the log that holds it', async () => {
  const first = await open().claimWriter(ROWS);
  if (first.kind !== 'claimed') throw new Error('not claimed');
  await first.release();
  await first.release();
  const holder = open();
  expect((await holder.claimWriter(ROWS)).kind).toBe('claimed');
  expect((await open().claimWriter(ROWS)).kind).toBe('held');
  await holder.close();
  expect((await open().claimWriter(ROWS)).kind).toBe('claimed');
});

test('claims on different rows streams of one log do not conflict', async () => {
  expect((await open().claimWriter(ROWS)).kind).toBe('claimed');
  expect((await open().claimWriter(OTHER)).kind).toBe('claimed');
  expect((await open().claimWriter(OTHER)).kind).toBe('held');
});

test('the claim of a killed (SIGKILL) process is free at once and taken over; the new holder is named', async () => {
  const child = await claimWriterInChild({ ledgerFile: file }, ROWS);
  const refused = await open().claimWriter(ROWS);
  expect(refused).toMatchObject({ kind: 'held', holder: { host: hostname(), pid: child.pid } });
  await child.kill9();
  expect((await open().claimWriter(ROWS)).kind).toBe('claimed');
  expect(await open().claimWriter(ROWS)).toMatchObject({ kind: 'held', holder: { pid: process.pid } });
}, 30_000);

test('an in-memory log refuses a second claim on its one handle until the first is released', async () => {
  const log = openSqliteEventLog(':memory:');
  opened.push(log);
  const first = await log.claimWriter(ROWS);
  expect(await log.claimWriter(ROWS)).toMatchObject({ kind: 'held', holder: { pid: process.pid } });
  expect((await log.claimWriter(OTHER)).kind).toBe('claimed');
  if (first.kind === 'claimed') await first.release();
  expect((await log.claimWriter(ROWS)).kind).toBe('claimed');
});
