import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openPostgresLedger } from '../../src/ledger/postgres-ledger.js';
import { connectTestRedis, TEST_REDIS_URL } from './support/connect-test-redis.js';
import { type FreshSchema, freshPostgresSchema } from './support/fresh-postgres-schema.js';
import { type Replicas, startReplicas } from './support/start-replicas.js';

let db: FreshSchema;
let redis: Redis;
let servers: Replicas;
let ledger: Ledger;

beforeAll(async () => {
  db = await freshPostgresSchema('replicas');
  ({ client: redis } = await connectTestRedis());
  servers = await startReplicas({ count: 3, databaseUrl: db.url, redisUrl: TEST_REDIS_URL });
  ledger = await openPostgresLedger({ connectionString: db.url });
}, 180_000);
afterAll(async () => {
  await servers?.stop();
  await ledger?.close();
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
});
