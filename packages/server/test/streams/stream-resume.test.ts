import { afterAll, beforeAll, expect, test } from 'vitest';
import type { NewEvent } from '../../src/live/event-log.js';
import { migrationEvent, openEventSource, type StreamServer, startStreamServer } from './stream-server.js';

let s: StreamServer;
beforeAll(async () => {
  s = await startStreamServer();
});
afterAll(() => s.close());

/** Park–Miller, so the disconnect points are the same on every run. */
function prng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 48_271) % 2_147_483_647;
    return (x - 1) / 2_147_483_646;
  };
}

test('50 disconnects at random points, each resumed with Last-Event-ID, receive exactly the published ids, each billed once', async () => {
  const rand = prng(7);
  const key = await s.fundedKey(10_000);
  const total = 300;
  const url = `${s.url}/v1/stream/migrations`;
  const published: number[] = [];
  const received: number[] = [];
  let next = 0;
  let publishing = Promise.resolve();
  // Batches of 1–3 migrations with a KOL trade between them (other streams' ids leave gaps).
  const publishSome = () => {
    publishing = publishing.then(async () => {
      const batch: NewEvent[] = [];
      for (let n = 1 + Math.floor(rand() * 3); n > 0 && next < total; n--) {
        batch.push(migrationEvent(next++));
        batch.push({ stream: 'kols', key: `k${next}`, at: Date.now(), payload: { n: next } });
      }
      for (const e of await s.publish(batch)) if (e.stream === 'migrations') published.push(e.id);
    });
    return publishing;
  };

  let last: string | undefined;
  for (let connection = 0; connection <= 50; connection++) {
    const final = connection === 50;
    const stopAfter = final ? Number.POSITIVE_INFINITY : 1 + Math.floor(rand() * 10);
    await new Promise<void>((resolve, reject) => {
      const es = openEventSource(url, key.secret, last);
      let got = 0;
      es.addEventListener('open', () => void publishSome());
      es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
      es.addEventListener('migration', (e) => {
        received.push(Number(e.lastEventId));
        last = e.lastEventId;
        got++;
        if (rand() < 0.6) void publishSome();
        if (got >= stopAfter || (final && received.length === total)) {
          es.close();
          resolve();
        }
      });
    });
    // Published while nobody is connected: the next connection must read it from the log.
    await publishSome();
  }
  await publishing;

  expect(published).toHaveLength(total);
  expect(received).toEqual(published);
  expect(await s.balance(key.id)).toBe(10_000 - total * 2);
  expect(await s.ledger.charges(key.id)).toHaveLength(total);
}, 60_000);
