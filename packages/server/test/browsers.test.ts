import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let base: string;
let server: ReturnType<typeof serve>;
const ORIGIN = 'https://dashboard.example';

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world, { rateLimit: { points: 3, windowS: 60 } });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const exposed = (r: Response) =>
  (r.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());

describe('a page on another origin (CORS through a real listening server)', () => {
  test('a preflight is 204 with any origin, the methods and the asked headers, and costs no rate-limit point', async () => {
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${base}/v1/screen/${world.mint}`, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key, payment-signature',
        },
      });
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-methods')).toContain('GET');
      expect(r.headers.get('access-control-allow-headers')).toContain('x-api-key');
      expect(r.headers.get('access-control-allow-headers')).toContain('payment-signature');
      expect(r.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    const free = await fetch(`${base}/v1/plans`, { headers: { origin: ORIGIN } });
    expect(free.status).toBe(200);
    expect(free.headers.get('x-ratelimit-remaining')).toBe('2');
    await free.arrayBuffer();
  });

  test('it calls a free route and can read a paid route’s PAYMENT-REQUIRED and rate headers', async () => {
    const free = await fetch(`${base}/v1/coverage`, { headers: { origin: ORIGIN } });
    expect(free.status).toBe(200);
    expect(free.headers.get('access-control-allow-origin')).toBe('*');
    expect(free.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await free.json())._meta).toBeDefined();
    const paid = await fetch(`${base}/v1/screen/${world.mint}`, { headers: { origin: ORIGIN } });
    expect(paid.status).toBe(402);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    expect(paid.headers.get('payment-required')).toBeTruthy();
    for (const h of [
      'payment-required',
      'payment-response',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ])
      expect(exposed(paid)).toContain(h);
    await paid.arrayBuffer();
  });

  test('browser requests carry Hono’s security and CORS headers; an agent’s call without Origin or Sec-Fetch-Mode does not', async () => {
    const r = await t.app.request('/v1/plans', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.headers.get('strict-transport-security')).toContain('max-age=');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const agent = await t.app.request('/v1/plans');
    expect(agent.headers.get('access-control-allow-origin')).toBeNull();
    expect(agent.headers.get('x-content-type-options')).toBeNull();
    expect(agent.headers.get('vary')).toBe('Origin, Sec-Fetch-Mode');
  });
});
