import { hostname } from 'node:os';
import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type FreshSchema, freshPostgresSchema } from '../../test/scale/support/fresh-postgres-schema.js';
import { terminateWriterSession } from '../../test/support/terminate-writer-session.js';
import { claimWriterInChild } from '../../test/support/writer-claim-in-child.js';
import type { EventLog } from './event-log.js';
import { openPostgresEventLog } from './postgres-event-log.js';

const ROWS = 'rows:sim:42:2026-01-01T00:00:00.000Z' as const;
const OTHER = 'rows:sim:7:2026-01-01T00:00:00.000Z' as const;

let fresh: FreshSchema;
const opened: EventLog[] = [];
/** A log of its own, as another replica would have. */
const open = async () => {
  const log = await openPostgresEventLog({ connectionString: fresh.url });
  opened.push(log);
  return log;
};

beforeEach(async () => {
  fresh = await freshPostgresSchema('claims');
});
afterEach(async () => {
  for (const log of opened.splice(0)) await log.close();
  await fresh.drop();
});

/** Claims `ROWS` until it is free (PostgreSQL ends a dead client's session a moment after it dies). */
async function claimWhenFree(log: EventLog): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const claim = await log.claimWriter(ROWS);
    if (claim.kind === 'claimed') return claim.kind;
    await new Promise((r) => setTimeout(r, 50));
  }
  return 'held';
}

test("a second claim through another connection is held, naming the holder's host, pid and moment; another stream is free", async () => {
  const before = Date.now();
  expect((await (await open()).claimWriter(ROWS)).kind).toBe('claimed');
  const second = await (await open()).claimWriter(ROWS);
  expect(second).toEqual({
    kind: 'held',
    holder: { host: hostname(), pid: process.pid, since: expect.any(Number) },
  });
  const since = second.kind === 'held' ? second.holder!.since : 0;
  expect(since).toBeGreaterThanOrEqual(before);
  expect(since).toBeLessThanOrEqual(Date.now());
  expect((await (await open()).claimWriter(OTHER)).kind).toBe('claimed');
});

test('the same stream in another schema (another log) is claimed apart', async () => {
  expect((await (await open()).claimWriter(ROWS)).kind).toBe('claimed');
  const elsewhere = await freshPostgresSchema('claims');
  const log = await openPostgresEventLog({ connectionString: elsewhere.url });
  try {
    expect((await log.claimWriter(ROWS)).kind).toBe('claimed');
  } finally {
    await log.close();
    await elsewhere.drop();
  }
});

test('a release, or closing the log that holds the claim, frees it', async () => {
  const first = await (await open()).claimWriter(ROWS);
  if (first.kind !== 'claimed') throw new Error('not claimed');
  await first.release();
  const holder = await open();
  expect((await holder.claimWriter(ROWS)).kind).toBe('claimed');
  expect((await (await open()).claimWriter(ROWS)).kind).toBe('held');
  await holder.close();
  expect((await (await open()).claimWriter(ROWS)).kind).toBe('claimed');
});

test("a killed (SIGKILL) holder's claim ends with its connection and is taken over", async () => {
  const child = await claimWriterInChild({ databaseUrl: fresh.url, ledgerFile: '' }, ROWS);
  const log = await open();
  expect(await log.claimWriter(ROWS)).toMatchObject({ kind: 'held', holder: { pid: child.pid } });
  // The holder's session shows who it is.
  const admin = new pg.Client({ connectionString: fresh.url });
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>(
    'SELECT application_name AS name FROM pg_stat_activity WHERE application_name = $1',
    [`launchlens writer ${child.pid}@${hostname()}`],
  );
  await admin.end();
  expect(rows).toHaveLength(1);
  await child.kill9();
  expect(await claimWhenFree(log)).toBe('claimed');
  expect(await (await open()).claimWriter(ROWS)).toMatchObject({
    kind: 'held',
    holder: { pid: process.pid },
  });
}, 30_000);

test('a claim whose session PostgreSQL ends is lost: `lost` names the stream, once, and another writer can claim it', async () => {
  const errors: Error[] = [];
  const log = await openPostgresEventLog({ connectionString: fresh.url, onError: (e) => errors.push(e) });
  opened.push(log);
  const claim = await log.claimWriter(ROWS);
  if (claim.kind !== 'claimed') throw new Error('not claimed');
  expect(await terminateWriterSession(fresh.url, process.pid)).toBe(1);
  const lost = await claim.lost;
  expect(lost.message).toMatch(`the writer claim on ${ROWS} lost its connection`);
  expect(errors).toEqual([lost]);
  expect(await claimWhenFree(await open())).toBe('claimed');
  // Releasing a lost claim is harmless and reports nothing more.
  await claim.release();
  expect(errors).toEqual([lost]);
});

test('a released claim is not lost, nor is a refused one', async () => {
  const claim = await (await open()).claimWriter(ROWS);
  if (claim.kind !== 'claimed') throw new Error('not claimed');
  let settled = false;
  void claim.lost.then(() => {
    settled = true;
  });
  const errors: Error[] = [];
  const other = await openPostgresEventLog({ connectionString: fresh.url, onError: (e) => errors.push(e) });
  opened.push(other);
  expect((await other.claimWriter(ROWS)).kind).toBe('held');
  await claim.release();
  await new Promise((r) => setImmediate(r));
  expect(settled).toBe(false);
  expect(errors).toEqual([]);
});
