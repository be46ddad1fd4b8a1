import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexerError } from '../../src/indexer-error.js';
import { createRpcClient } from '../../src/rpc/rpc-client.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ transactions: [], accounts: [] });
});
afterAll(async () => {
  await server.close();
});

const fast = () => createRpcClient({ url: server.rpcUrl, ratePerS: 1000, backoff: { baseMs: 5, capMs: 20 } });
const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as IndexerError;
  }
  throw new Error('expected a rejection');
};

describe('createRpcClient against the replay server', () => {
  it('retries 429 and 5xx answers with backoff and returns the result', async () => {
    const client = fast();
    const before = server.calls.getSlot ?? 0;
    server.fault('getSlot', { kind: 'http', status: 429 }, 2);
    server.fault('getSlot', { kind: 'http', status: 500 });
    server.fault('getSlot', { kind: 'http', status: 503 });
    expect(await client.call('getSlot', [])).toBe(10);
    expect(server.calls.getSlot! - before).toBe(5);
    expect(client.stats).toMatchObject({
      requests: 5,
      retries: 4,
      rateLimited: 2,
      serverErrors: 2,
      failures: 0,
    });
  });

  it('treats JSON-RPC -32005 as a rate limit and retries it; other RPC errors are thrown at once', async () => {
    const client = fast();
    server.fault('getSlot', { kind: 'rpc_error', code: -32005, message: 'Too many requests' });
    expect(await client.call('getSlot', [])).toBe(10);
    expect(client.stats.rateLimited).toBe(1);
    server.fault('getSlot', { kind: 'rpc_error', code: -32602, message: 'Invalid params' });
    const error = await errorOf(client.call('getSlot', []));
    expect(error).toBeInstanceOf(IndexerError);
    expect(error.code).toBe('rpc_error');
    expect(client.stats).toMatchObject({ requests: 3, retries: 1, rpcErrors: 1 });
  });

  it('waits as long as Retry-After says on a 429', async () => {
    const client = fast();
    server.fault('getSlot', { kind: 'http', status: 429, retryAfterS: 1 });
    const started = performance.now();
    await client.call('getSlot', []);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a body that is not JSON-RPC is counted as malformed and retried; past the retries the call fails', async () => {
    const client = createRpcClient({
      url: server.rpcUrl,
      ratePerS: 1000,
      maxRetries: 2,
      backoff: { baseMs: 1, capMs: 2 },
    });
    server.fault('getSlot', { kind: 'garbage_body' });
    expect(await client.call('getSlot', [])).toBe(10);
    server.fault('getSlot', { kind: 'garbage_body' }, 3);
    const error = await errorOf(client.call('getSlot', []));
    expect(error.code).toBe('rpc_failed');
    expect(client.stats).toMatchObject({ malformed: 4, failures: 1 });
  });

  it('stops at its request budget, retries included', async () => {
    const client = createRpcClient({
      url: server.rpcUrl,
      ratePerS: 1000,
      budget: 3,
      backoff: { baseMs: 1, capMs: 2 },
    });
    server.fault('getSlot', { kind: 'http', status: 502 }, 3);
    const error = await errorOf(client.call('getSlot', []));
    expect(error.code).toBe('rpc_budget_exhausted');
    expect(client.stats.requests).toBe(3);
    expect(client.budgetLeft()).toBe(0);
  });

  it('the token bucket spaces requests at its rate once the burst is spent', async () => {
    const client = createRpcClient({ url: server.rpcUrl, ratePerS: 20, burst: 1 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => client.call('getSlot', [])));
    // Burst 1, then 4 more tokens at 20/s: at least 200 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});
