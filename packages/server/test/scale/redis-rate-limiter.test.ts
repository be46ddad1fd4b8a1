import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRedisRateLimiter } from '../../src/limiter/redis-rate-limiter.js';
import { connectTestRedis } from './support/connect-test-redis.js';

let client: Redis;
let prefix: string;

beforeAll(async () => {
  ({ client, prefix } = await connectTestRedis());
});
afterAll(async () => {
  const keys = await client.keys(`${prefix}*`);
  if (keys.length > 0) await client.del(...keys);
  client.disconnect();
});

describe('the Redis rate limiter', () => {
  test('a caller is refused past the limit, with the seconds to wait; others are not', async () => {
    const limiter = createRedisRateLimiter({ client, keyPrefix: `${prefix}:a`, points: 3, windowS: 60 });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await limiter.consume('ip:1'));
    expect(seen.map((d) => [d.allowed, d.remaining, d.limit])).toEqual([
      [true, 2, 3],
      [true, 1, 3],
      [true, 0, 3],
      [false, 0, 3],
    ]);
    expect(seen[3].reset_s).toBeGreaterThan(0);
    expect(seen[3].reset_s).toBeLessThanOrEqual(60);
    expect((await limiter.consume('ip:2')).allowed).toBe(true);
  });

  test('two limiters on one Redis share each caller window: 300 parallel calls across them, 300 pass', async () => {
    const a = createRedisRateLimiter({ client, keyPrefix: `${prefix}:b`, points: 300, windowS: 60 });
    const { client: other } = await connectTestRedis();
    const b = createRedisRateLimiter({ client: other, keyPrefix: `${prefix}:b`, points: 300, windowS: 60 });
    const decisions = await Promise.all(
      Array.from({ length: 360 }, (_, i) => (i % 2 ? a : b).consume('key:shared')),
    );
    other.disconnect();
    expect(decisions.filter((d) => d.allowed)).toHaveLength(300);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0)).toBe(true);
  });

  test('the window lives in Redis with the window as its time to live', async () => {
    const limiter = createRedisRateLimiter({ client, keyPrefix: `${prefix}:c`, points: 5, windowS: 60 });
    await limiter.consume('ip:9');
    const keys = await client.keys(`${prefix}:c*`);
    expect(keys).toHaveLength(1);
    expect(await client.get(keys[0])).toBe('1');
    const ttl = await client.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  test('an unreachable Redis fails the call instead of letting it through', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => {});
    const limiter = createRedisRateLimiter({
      client: dead,
      keyPrefix: `${prefix}:d`,
      points: 5,
      windowS: 60,
    });
    await expect(limiter.consume('ip:1')).rejects.toThrow();
    dead.disconnect();
  });
});
