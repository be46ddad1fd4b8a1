import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openPostgresLedger } from '../../src/ledger/postgres-ledger.js';
import type { EventLog } from '../../src/live/event-log.js';
import { openPostgresEventLog } from '../../src/live/postgres-event-log.js';
import { migrationEvent, openEventSource } from '../streams/stream-server.js';
import { connectTestRedis, TEST_REDIS_URL } from './support/connect-test-redis.js';
import { type FreshSchema, freshPostgresSchema } from './support/fresh-postgres-schema.js';
import { type Replicas, startReplicas } from './support/start-replicas.js';

let db: FreshSchema;
let redis: Redis;
let servers: Replicas;
let ledger: Ledger;
/** The test publishes as the one indexer of a replicated deployment does. */
let log: EventLog;

beforeAll(async () => {
  db = await freshPostgresSchema('replicas');
  ({ client: redis } = await connectTestRedis());
  servers = await startReplicas({ count: 3, databaseUrl: db.url, redisUrl: TEST_REDIS_URL });
  ledger = await openPostgresLedger({ connectionString: db.url });
  log = await openPostgresEventLog({ connectionString: db.url });
}, 180_000);
afterAll(async () => {
  await servers?.stop();
  await ledger?.close();
  await log?.close();
  redis?.disconnect();
  await db?.drop();
});

const urls = () => servers.replicas.map((r) => r.url);

describe('three replicas on one PostgreSQL and one Redis', () => {
  test('the 300/min limit of a key holds across replicas: of 360 calls spread over three, 300 pass', async () => {
    const key = await ledger.createKey({ at: Date.now() });
    const responses = await Promise.all(
      Array.from({ length: 360 }, (_, i) =>
        fetch(`${urls()[i % 3]}/v1/credits/balance`, { headers: { 'x-api-key': key.secret } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
    const served = new Set(responses.filter((r) => r.status === 200).map((r) => new URL(r.url).origin));
    expect(served.size).toBe(3);
    expect(responses.every((r) => r.headers.get('x-ratelimit-limit') === '300')).toBe(true);
  });

  test('200 parallel paid calls across replicas on a balance that covers 100 → exactly 100 are served and charged', async () => {
    const key = await ledger.createKey({ credits: 200, at: Date.now() });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${urls()[i % 3]}/v1/screen/${servers.mint}`, { headers: { 'x-api-key': key.secret } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    expect((await ledger.findKeyById(key.record.id))?.credits).toBe(0);
    expect(await ledger.charges(key.record.id)).toHaveLength(100);
  });

  test('a key rotated on one replica is refused by the others at once', async () => {
    const key = await ledger.createKey({ credits: 10, at: Date.now() });
    const [a, b, c] = urls();
    const rotated = await fetch(`${a}/v1/keys/rotate`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rotated.status).toBe(200);
    await rotated.arrayBuffer();
    for (const base of [b, c]) {
      const r = await fetch(`${base}/v1/credits/balance`, { headers: { 'x-api-key': key.secret } });
      expect(r.status).toBe(401);
      await r.arrayBuffer();
    }
  });

  test('a stream resumed on another replica continues the exact sequence, each event billed once', async () => {
    const key = await ledger.createKey({ credits: 1000, at: Date.now() });
    const published: number[] = [];
    const received: number[] = [];
    let next = 0;
    const publish = async (n: number) => {
      const batch = Array.from({ length: n }, () => migrationEvent(next++));
      for (const e of await log.append(batch)) published.push(e.id);
    };
    let last: string | undefined;
    // Connected to each replica in turn: 4 events published while connected, 3 while disconnected.
    for (const base of [...urls(), urls()[0]]) {
      await new Promise<void>((resolve, reject) => {
        const es = openEventSource(`${base}/v1/stream/migrations`, key.secret, last);
        let got = 0;
        const want = published.length - received.length + 4;
        es.addEventListener('open', () => void publish(4).catch(reject));
        es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
        es.addEventListener('migration', (e) => {
          received.push(Number(e.lastEventId));
          last = e.lastEventId;
          if (++got === want) {
            es.close();
            resolve();
          }
        });
      });
      await publish(3);
    }
    const es = openEventSource(`${urls()[1]}/v1/stream/migrations`, key.secret, last);
    await new Promise<void>((resolve, reject) => {
      es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
      es.addEventListener('migration', (e) => {
        received.push(Number(e.lastEventId));
        if (received.length === published.length) resolve();
      });
    });
    es.close();
    expect(published).toHaveLength(28);
    expect(received).toEqual(published);
    const charges = await ledger.charges(key.record.id);
    expect(charges).toHaveLength(28);
    expect((await ledger.findKeyById(key.record.id))?.credits).toBe(1000 - 28 * charges[0].credits);
  });
});
