import { openMemoryStore } from '@launchlens/engine/store';
import { HOUR, holderRow, T0, tokenRow } from '@launchlens/engine/testing';
import pino from 'pino';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { EventLog } from './event-log.js';
import { rowsEventsOf } from './rows-events-of.js';
import { RowsFollower } from './rows-follower.js';
import { rowsStreamOf } from './rows-stream-of.js';
import { openSqliteEventLog } from './sqlite-event-log.js';

const logger = pino({ level: 'silent' });
let log: EventLog;
beforeEach(() => {
  log = openSqliteEventLog(':memory:');
});
afterEach(() => log.close());

/** A launch as one flush appends it: holders first, then its token. */
const flushOf = (mint: string, at: number) => [
  {
    table: 'holders' as const,
    rows: [holderRow({ mint, wallet: `${mint}-w1` }), holderRow({ mint, wallet: `${mint}-w2` })],
  },
  { table: 'tokens' as const, rows: [tokenRow({ mint, analyzed_at: at })] },
];

test("a follower appends its dataset's rows once, from after its base, and passes over another dataset's", async () => {
  const store = await openMemoryStore();
  const manifest = { ...store.manifest, current_through: new Date(T0 + HOUR).toISOString() };
  const ours = rowsStreamOf(manifest);
  const theirs = rowsStreamOf({ ...manifest, history_from: '2020-01-01T00:00:00.000Z' });
  expect(theirs).not.toBe(ours);
  await log.append(rowsEventsOf(T0 + HOUR, ours, flushOf('in-base', T0)));
  await log.append(rowsEventsOf(T0 + 2 * HOUR, theirs, flushOf('other-world', T0 + 2 * HOUR)));
  await log.append(rowsEventsOf(T0 + 3 * HOUR, ours, flushOf('live-1', T0 + 3 * HOUR)));

  const follower = new RowsFollower({ store, manifest, log, logger });
  expect(await follower.catchUp()).toBe(1);
  expect(await follower.catchUp()).toBe(0);
  await log.append(rowsEventsOf(T0 + 4 * HOUR, ours, flushOf('live-2', T0 + 4 * HOUR)));
  // Two reads at once: the second waits for the first, and nothing is appended twice.
  const [a, b] = await Promise.all([follower.catchUp(), follower.catchUp()]);
  expect(a + b).toBeGreaterThanOrEqual(1);
  expect(await store.all('SELECT mint FROM tokens ORDER BY mint')).toEqual([
    { mint: 'live-1' },
    { mint: 'live-2' },
  ]);
  expect(await store.all('SELECT count(*)::INT AS n FROM holders')).toEqual([{ n: 4 }]);
  expect(follower.applied).toEqual({ events: 2, rows: 6 });
  expect(manifest.current_through).toBe(new Date(T0 + 4 * HOUR).toISOString());
  await store.close();
});
