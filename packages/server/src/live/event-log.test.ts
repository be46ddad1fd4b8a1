import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  EVENT_LOG_IMPLEMENTATIONS,
  type EventLogStore,
} from '../../test/scale/support/event-log-implementations.js';
import type { EventLog, LoggedEvent, NewEvent, RowsStream, StreamName } from './event-log.js';

const ev = (stream: StreamName, key: string, at = 1): NewEvent => ({
  stream,
  key,
  at,
  payload: { key, n: at },
});

/** Resolves with the events a listener heard once it heard `n` of them. */
function hear(
  log: EventLog,
  n: number,
): { events: LoggedEvent[]; done: Promise<LoggedEvent[]>; stop: () => void } {
  const events: LoggedEvent[] = [];
  let resolve!: (e: LoggedEvent[]) => void;
  const done = new Promise<LoggedEvent[]>((r) => {
    resolve = r;
  });
  const stop = log.subscribe((batch) => {
    events.push(...batch);
    if (events.length >= n) resolve(events);
  });
  return { events, done, stop };
}

describe.each(EVENT_LOG_IMPLEMENTATIONS)('the $name event log', (impl) => {
  let store: EventLogStore;
  let log: EventLog;

  beforeEach(async () => {
    store = await impl.create();
    log = await store.open();
  });
  afterEach(async () => {
    await log.close();
    await store.destroy();
  });

  test('appends in order, skips an event already logged, and reads a stream after an id', async () => {
    expect(await log.latestId()).toBe(0);
    const added = await log.append([ev('kols', 'a', 1), ev('migrations', 'm', 2), ev('kols', 'b', 3)]);
    expect(added.map((e) => [e.stream, e.key])).toEqual([
      ['kols', 'a'],
      ['migrations', 'm'],
      ['kols', 'b'],
    ]);
    const ids = added.map((e) => e.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(added[0]).toMatchObject({ at: 1, payload: { key: 'a', n: 1 }, data: '{"key":"a","n":1}' });
    expect(await log.append([ev('kols', 'a', 9), ev('kols', 'c', 4)])).toMatchObject([{ key: 'c' }]);
    const kols = await log.readAfter('kols', 0, 10);
    expect(kols.map((e) => e.key)).toEqual(['a', 'b', 'c']);
    expect(kols[0].payload).toEqual({ key: 'a', n: 1 });
    expect((await log.readAfter('kols', ids[0], 1)).map((e) => e.key)).toEqual(['b']);
    expect(await log.latestId()).toBe(kols[2].id);
  });

  test('ids are never reused after a reopen', async () => {
    const [first] = await log.append([ev('kols', 'a')]);
    await log.close();
    log = await store.open();
    const [second] = await log.append([ev('kols', 'b')]);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await log.latestId()).toBe(second.id);
  });

  test('pruning a rows stream through a moment deletes only its events at or before it, and ids go on', async () => {
    const rows = 'rows:sim:42:2026-01-01T00:00:00.000Z' as const;
    const other = 'rows:sim:7:2026-01-01T00:00:00.000Z' as const;
    const row = (stream: RowsStream, key: string, at: number): NewEvent => ({
      stream,
      key,
      at,
      payload: { key },
    });
    await log.append([row(rows, 'r1', 10), ev('kols', 'k', 10), row(rows, 'r2', 20), row(other, 'o', 5)]);
    const [kept] = await log.append([row(rows, 'r3', 30)]);
    expect(await log.pruneRows(rows, 20)).toBe(2);
    expect((await log.readAfter(rows, 0, 10)).map((e) => e.key)).toEqual(['r3']);
    expect((await log.readAfter(other, 0, 10)).map((e) => e.key)).toEqual(['o']);
    expect((await log.readAfter('kols', 0, 10)).map((e) => e.key)).toEqual(['k']);
    // A follower of a base folded through 20 starts after what the log holds through 20: nothing.
    expect(await log.idThrough(rows, 20)).toBe(0);
    expect(await log.pruneRows(rows, 20)).toBe(0);
    const [next] = await log.append([row(rows, 'r4', 40)]);
    expect(next.id).toBeGreaterThan(kept.id);
    await expect(log.pruneRows('kols' as RowsStream, 99)).rejects.toThrow(/not a rows stream/);
  });

  test('a listener hears every batch appended after it subscribed, in id order, until it unsubscribes', async () => {
    await log.append([ev('kols', 'before')]);
    const heard = hear(log, 3);
    await log.append([ev('kols', 'x'), ev('wallets', 'y')]);
    await log.append([ev('migrations', 'z')]);
    const events = await heard.done;
    expect(events.map((e) => e.key)).toEqual(['x', 'y', 'z']);
    heard.stop();
    await log.append([ev('kols', 'after')]);
    expect((await log.readAfter('kols', 0, 10)).map((e) => e.key)).toEqual(['before', 'x', 'after']);
    expect(heard.events.map((e) => e.key)).toEqual(['x', 'y', 'z']);
  });

  test('a reader polling during concurrent appends through two logs never finds an id below one it saw', async () => {
    const other = await store.open();
    const seen: number[] = [];
    let writing = true;
    const reader = (async () => {
      let cursor = 0;
      while (writing) {
        for (const e of await log.readAfter('kols', cursor, 1000)) {
          seen.push(e.id);
          cursor = e.id;
        }
      }
      for (const e of await log.readAfter('kols', cursor, 1000)) seen.push(e.id);
    })();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? other : log).append([ev('kols', `k${i}`), ev('kols', `j${i}`)]),
      ),
    );
    writing = false;
    await reader;
    await other.close();
    const all = (await log.readAfter('kols', 0, 1000)).map((e) => e.id);
    expect(all).toHaveLength(80);
    expect(seen).toEqual(all);
  });
});

describe.each(EVENT_LOG_IMPLEMENTATIONS.filter((i) => i.fansOutAcrossProcesses))(
  'the $name event log across replicas',
  (impl) => {
    test('a listener on one log hears, once and in id order, what was appended through another', async () => {
      const store = await impl.create();
      const a = await store.open();
      const b = await store.open();
      try {
        const onB = hear(b, 6);
        const onA = hear(a, 6);
        await a.append([ev('kols', '1'), ev('kols', '2')]);
        await b.append([ev('migrations', '3')]);
        await a.append([ev('kols', '4'), ev('kols', '1'), ev('wallets', '5'), ev('kols', '6')]);
        const [fromB, fromA] = await Promise.all([onB.done, onA.done]);
        expect(fromB.map((e) => e.key)).toEqual(['1', '2', '3', '4', '5', '6']);
        expect(fromA.map((e) => e.id)).toEqual(fromB.map((e) => e.id));
        expect(fromB[3].payload).toEqual({ key: '4', n: 1 });
      } finally {
        await a.close();
        await b.close();
        await store.destroy();
      }
    });
  },
);
