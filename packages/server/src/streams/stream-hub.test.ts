import { expect, test } from 'vitest';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import { openSqliteEventLog } from '../live/sqlite-event-log.js';
import { createStreamHub } from './stream-hub.js';

const migration = (i: number) => ({ stream: 'migrations' as const, key: `m${i}`, at: i, payload: { i } });

test('a client that does not read overflows its bounded queue, then catches up from the log with no gap and no repeat', async () => {
  const log = openSqliteEventLog(':memory:');
  const ledger = openSqliteLedger(':memory:');
  const { record } = await ledger.createKey({ credits: 1000, at: 0 });
  const hub = await createStreamHub({ log, ledger, now: () => 0, queueSize: 4, pageSize: 7 });
  const stream = hub.open({
    stream: 'migrations',
    route: 'stream_migrations',
    keyId: record.id,
    credits: 2,
    requestId: 'r',
    filter: (p) => (p.i as number) % 3 !== 0,
    maxEvents: null,
    lastEventId: null,
  });
  const published: number[] = [];
  for (let i = 0; i < 60; i++) {
    const [e] = await log.append([migration(i)]);
    if (i % 3 !== 0) published.push(e.id);
  }
  const reader = stream.readable().getReader();
  const ids: number[] = [];
  const decoder = new TextDecoder();
  while (ids.length < published.length) {
    const text = decoder.decode((await reader.read()).value);
    for (const m of text.matchAll(/^id: (\d+)$/gm)) ids.push(Number(m[1]));
  }
  expect(ids).toEqual(published);
  expect((await ledger.findKeyById(record.id))!.credits).toBe(1000 - 2 * published.length);
  await reader.cancel();
  expect(hub.count('migrations')).toBe(0);
  hub.close();
  await log.close();
  await ledger.close();
});

test('closing the hub ends open streams with reason shutdown', async () => {
  const log = openSqliteEventLog(':memory:');
  const ledger = openSqliteLedger(':memory:');
  const hub = await createStreamHub({ log, ledger, now: () => 0 });
  const stream = hub.open({
    stream: 'kols',
    route: 'stream_kols',
    keyId: 'k',
    credits: 4,
    requestId: 'r',
    filter: () => true,
    maxEvents: null,
    lastEventId: null,
  });
  hub.close();
  const text = await new Response(stream.readable()).text();
  expect(text).toBe(': connected\n\nevent: end\ndata: {"reason":"shutdown","delivered":0}\n\n');
  await log.close();
  await ledger.close();
});
