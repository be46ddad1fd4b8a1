import { expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';

test('DATABASE_URL and REDIS_URL are optional, and when set must name PostgreSQL and Redis', () => {
  const embedded = loadConfig({ NODE_ENV: 'test' });
  expect(embedded.DATABASE_URL).toBeUndefined();
  expect(embedded.REDIS_URL).toBeUndefined();
  const replicated = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://app@db:5432/launchlens',
    REDIS_URL: 'rediss://cache:6380',
  });
  expect(replicated).toMatchObject({
    DATABASE_URL: 'postgresql://app@db:5432/launchlens',
    REDIS_URL: 'rediss://cache:6380',
  });
  expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'mysql://db/launchlens' })).toThrow(
    /invalid environment variable DATABASE_URL: a postgres:\/\/ URL/,
  );
  expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://cache:6379' })).toThrow(
    /invalid environment variable REDIS_URL: a redis:\/\/ URL/,
  );
});
