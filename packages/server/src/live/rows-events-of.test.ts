import { holderRow, T0, tokenRow } from '@launchlens/engine/testing';
import { expect, test } from 'vitest';
import { appendedRowsOf } from './appended-rows-of.js';
import type { LoggedEvent, NewEvent, RowsStream } from './event-log.js';
import { type AppendedRows, type RowsPayload, rowsEventsOf } from './rows-events-of.js';

const STREAM: RowsStream = 'rows:sim:1:2025-01-01T00:00:00.000Z';

const logged = (events: readonly NewEvent[]): LoggedEvent[] =>
  events.map((e, i) => {
    const data = JSON.stringify(e.payload);
    return { id: i + 1, stream: e.stream, key: e.key, at: e.at, payload: JSON.parse(data), data };
  });

/** Consecutive segments of one table joined again, in order. */
function joined(parts: readonly AppendedRows[]): AppendedRows[] {
  const out: { table: AppendedRows['table']; rows: object[] }[] = [];
  for (const { table, rows } of parts) {
    if (out.at(-1)?.table === table) out.at(-1)!.rows.push(...rows);
    else out.push({ table, rows: [...rows] });
  }
  return out;
}

const holders = Array.from({ length: 300 }, (_, i) =>
  holderRow({ mint: 'mint-a', wallet: `wallet-${i}`, rank: i % 3 === 0 ? null : i, first_buy_at: T0 + i }),
);
const flush: AppendedRows[] = [
  { table: 'holders', rows: holders },
  { table: 'tokens', rows: [tokenRow({ mint: 'mint-a' })] },
];

test('a flush read back from its rows events gives its rows, tables in order, nulls and times kept', () => {
  const events = rowsEventsOf(T0 + 5_000, STREAM, flush, 4096);
  expect(events.length).toBeGreaterThan(5);
  const back = logged(events).flatMap(appendedRowsOf);
  expect(joined(back)).toEqual(flush);
});

test('each rows event holds at most the bytes asked (a row is never split), keyed in order by the flush moment', () => {
  const events = rowsEventsOf(T0 + 5_000, STREAM, flush, 4096);
  for (const e of events) {
    expect(e).toMatchObject({ stream: STREAM, at: T0 + 5_000 });
    const rows = (e.payload as unknown as RowsPayload).tables.flatMap((t) => t.rows);
    expect(rows.reduce((n, r) => n + JSON.stringify(r).length + 1, 0)).toBeLessThanOrEqual(4096);
  }
  const keys = events.map((e) => e.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys[0]).toBe(`${String(T0 + 5_000).padStart(15, '0')}.0`);
  // One event of the default size holds a launch's worth of rows.
  expect(rowsEventsOf(T0, STREAM, flush)).toHaveLength(1);
});

test('a flush that appended nothing has no rows event', () => {
  expect(rowsEventsOf(T0, STREAM, [])).toEqual([]);
});

test('a rows event naming no dataset table is refused', () => {
  const [event] = logged([
    {
      stream: STREAM,
      key: 'x',
      at: T0,
      payload: { through: T0, tables: [{ table: 'keys', columns: [], rows: [] }] },
    },
  ]);
  expect(() => appendedRowsOf(event)).toThrow(/names no dataset table: keys/);
});
