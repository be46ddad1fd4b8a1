import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the scale tests use; `.ci/run` starts it when it is not running. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A connected client and a key prefix of its own, so runs never share counters. An unreachable
 * server fails the test with how to start it: these tests never skip.
 */
export async function connectTestRedis(): Promise<{ client: Redis; prefix: string }> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
  } catch (e) {
    client.disconnect();
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL} (${(e as Error).message}); start it with ` +
        '`redis-server --daemonize yes --port 6379` or set TEST_REDIS_URL',
    );
  }
  return { client, prefix: `test:${randomBytes(6).toString('hex')}` };
}
