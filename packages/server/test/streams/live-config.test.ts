import { expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';

const PAY_TO = '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr';

test('LIVE_FEED defaults to sim at a time factor of 30 in development and to off elsewhere', () => {
  expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ LIVE_FEED: 'sim', LIVE_TIME_FACTOR: 30 });
  expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ LIVE_FEED: 'off', LIVE_TIME_FACTOR: 1 });
  expect(loadConfig({ NODE_ENV: 'production', X402_PAY_TO: PAY_TO })).toMatchObject({ LIVE_FEED: 'off' });
  expect(loadConfig({ NODE_ENV: 'development', LIVE_FEED: 'off', LIVE_TIME_FACTOR: '5' })).toMatchObject({
    LIVE_FEED: 'off',
    LIVE_TIME_FACTOR: 5,
  });
});

test('LIVE_FEED=rpc without SOLANA_RPC_URL is a startup error naming the variable', () => {
  expect(() => loadConfig({ LIVE_FEED: 'rpc' })).toThrow(
    /invalid environment variable SOLANA_RPC_URL: required when LIVE_FEED=rpc/,
  );
  expect(loadConfig({ LIVE_FEED: 'rpc', SOLANA_RPC_URL: 'http://127.0.0.1:8899' }).LIVE_FEED).toBe('rpc');
  expect(loadConfig({ LIVE_FEED: 'follow', NODE_ENV: 'production', X402_PAY_TO: PAY_TO }).LIVE_FEED).toBe(
    'follow',
  );
  expect(() => loadConfig({ LIVE_FEED: 'chain' })).toThrow(/invalid environment variable LIVE_FEED/);
  expect(() => loadConfig({ LIVE_TIME_FACTOR: '0' })).toThrow(
    /invalid environment variable LIVE_TIME_FACTOR/,
  );
});
