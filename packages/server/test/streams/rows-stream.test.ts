import { MEMORY_MANIFEST } from '@launchlens/engine/store';
import { holderRow, T0 } from '@launchlens/engine/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isRowsStream, type LoggedEvent } from '../../src/live/event-log.js';
import { rowsEventsOf } from '../../src/live/rows-events-of.js';
import { rowsStreamOf } from '../../src/live/rows-stream-of.js';
import { migrationEvent, openEventSource, type StreamServer, startStreamServer } from './stream-server.js';

let s: StreamServer;
const STREAM = rowsStreamOf(MEMORY_MANIFEST);
beforeAll(async () => {
  s = await startStreamServer();
});
afterAll(() => s.close());

/** Migrations with a flush's rows events logged between each two, as the live feed logs them. */
async function publishWithRows(from: number, n: number): Promise<LoggedEvent[]> {
  const logged: LoggedEvent[] = [];
  for (let i = from; i < from + n; i++) {
    const rows = rowsEventsOf(T0 + i, STREAM, [
      { table: 'holders', rows: [holderRow({ mint: `m${i}`, wallet: `w${i}` })] },
    ]);
    logged.push(...(await s.publish([migrationEvent(i), ...rows])));
  }
  return logged;
}

/** Reads `n` events of a migrations stream, then closes it. */
function readMigrations(
  secret: string,
  n: number,
  lastEventId?: string,
): Promise<{ id: number; data: string }[]> {
  return new Promise((resolve, reject) => {
    const got: { id: number; data: string }[] = [];
    const es = openEventSource(`${s.url}/v1/stream/migrations`, secret, lastEventId);
    es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
    es.addEventListener('migration', (e) => {
      got.push({ id: Number(e.lastEventId), data: e.data });
      if (got.length === n) {
        es.close();
        resolve(got);
      }
    });
  });
}

test('no route serves a rows stream: asking for one is a 404, never a 5xx or a stream', async () => {
  const key = await s.fundedKey(100);
  for (const name of ['rows', STREAM, encodeURIComponent(STREAM)]) {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${s.url}/v1/stream/${name}`, { method, headers: { 'X-API-Key': key.secret } });
      expect(res.status, `${method} ${name}`).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/event-stream/);
    }
  }
  expect(await s.balance(key.id)).toBe(100);
});

test('resuming and live subscribers of a stream get its events only, with the rows events logged between them', async () => {
  const key = await s.fundedKey(1_000);
  const first = await publishWithRows(0, 3);
  const rowsIds = first.filter((e) => isRowsStream(e.stream)).map((e) => e.id);
  expect(rowsIds).toHaveLength(3);
  const migrations = first.filter((e) => e.stream === 'migrations');

  // Resuming from before everything, and from a rows event's id.
  const all = await readMigrations(key.secret, 3, '0');
  expect(all.map((e) => e.id)).toEqual(migrations.map((e) => e.id));
  expect(all.map((e) => e.data)).toEqual(migrations.map((e) => e.data));
  const afterRows = await readMigrations(key.secret, 2, String(rowsIds[0]));
  expect(afterRows.map((e) => e.id)).toEqual(migrations.slice(1).map((e) => e.id));

  // Live: rows events appended while connected are not delivered either.
  const live = readMigrations(key.secret, 2);
  await new Promise((r) => setTimeout(r, 200));
  const later = (await publishWithRows(3, 2)).filter((e) => e.stream === 'migrations');
  expect((await live).map((e) => e.id)).toEqual(later.map((e) => e.id));
  // Each migration delivered was billed once (2 credits; the resume re-delivered two already billed), nothing else.
  expect(await s.balance(key.id)).toBe(1_000 - 2 * (3 + 2));
});
