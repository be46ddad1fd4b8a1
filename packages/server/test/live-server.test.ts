import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let base: string;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world, { rateLimit: { points: 10_000, windowS: 60 } });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('through a real listening server', () => {
  test('200 parallel calls on a balance that covers 100 → exactly 100 succeed and the balance ends at 0', async () => {
    const k = await t.fundedKey(100 * 2);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${base}/v1/screen/${world.mint}`, { headers: { 'x-api-key': k.secret } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    expect(await t.balance(k.id)).toBe(0);
    expect(await t.ledger.charges(k.id)).toHaveLength(100);
  });

  test('a paid call, the 415 and the 404 behave as through app.request()', async () => {
    const k = await t.fundedKey(10);
    const ok = await fetch(`${base}/v1/screen/${world.mint}`, { headers: { 'x-api-key': k.secret } });
    expect(ok.status).toBe(200);
    expect((await ok.json())._meta.billing).toMatchObject({ charged: true, credits: 2, balance_credits: 8 });
    const noJson = await fetch(`${base}/v1/cohort`, { method: 'POST', body: 'filters=1' });
    expect(noJson.status).toBe(415);
    await noJson.arrayBuffer();
    const missing = await fetch(`${base}/v2/anything`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.details.paths).toContain('GET /v1/coverage');
  });

  test('keyless callers are limited per client IP from the socket', async () => {
    const limited = makeTestApp(world, { rateLimit: { points: 2, windowS: 60 } });
    const s = serve({ fetch: limited.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => s.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1/plans`;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await fetch(url);
      statuses.push(r.status);
      await r.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 429]);
    await new Promise<void>((resolve) => s.close(() => resolve()));
    await limited.close();
  });
});
