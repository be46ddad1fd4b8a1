import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { serve } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openSqlitePredictionLog } from '../../src/track-record/sqlite-prediction-log.js';
import { createTrackRecord } from '../../src/track-record/track-record.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { checkFuzzedResponse } from './check-fuzzed-response.js';
import { type FuzzRequest, requestArbitrary, worldSeeds } from './openapi-requests.js';

const FUNDS = 1_000_000_000;
let world: TestWorld;
let t: TestApp;
let key: { secret: string; id: string };
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as served
let doc: any;

beforeAll(async () => {
  world = await buildTestWorld();
  // With the prediction log, so the track-record routes are fuzzed too (a screen appends to it).
  const trackRecord = createTrackRecord({ log: openSqlitePredictionLog(':memory:') });
  t = makeTestApp(world, { rateLimit: { points: 10_000_000, windowS: 60 }, deps: () => ({ trackRecord }) });
  key = await t.fundedKey(FUNDS);
  doc = await (await t.app.request('/openapi.json')).json();
});
afterAll(() => t.close());

test('fuzzed requests over every operation of /openapi.json: no 5xx, error bodies in shape, no charge without a charged 2xx', async () => {
  const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item as object)).length;
  const seen = new Set<string>();
  let runs = 0;
  let charged = 0;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(doc, worldSeeds(world, key.secret)), async (req: FuzzRequest) => {
      runs++;
      seen.add(req.operation);
      const before = await t.balance(key.id);
      const res = await t.app.request(req.url, { method: req.method, headers: req.headers, body: req.body });
      const text = await res.text();
      const spent = before - (await t.balance(key.id));
      if (spent > 0) charged++;
      const broken = checkFuzzedResponse(
        req,
        { status: res.status, contentType: res.headers.get('content-type') ?? '', text },
        spent,
      );
      expect(broken).toEqual([]);
    }),
    // Bounded in time (CI): as many runs as fit in 35 s, at least 150 of them.
    { numRuns: 5000, interruptAfterTimeLimit: 35_000, markInterruptAsFailure: false, seed: 19 },
  );
  console.info(
    `openapi fuzz: ${runs} requests over ${seen.size} of ${operations} operations, ${charged} charged`,
  );
  expect(charged).toBeGreaterThan(0);
  expect(runs).toBeGreaterThanOrEqual(150);
  expect(seen.size).toBeGreaterThan(operations * 0.8);
}, 120_000);

test('unframed and oversized bodies on a real socket: the parser’s 400 or the 413 is never charged', async () => {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const paths = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, world.mint));
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'HEAD'),
        fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constant('x'.repeat(20_000))),
        fc.boolean(),
        async (path, method, trailing, declareLength) => {
          const before = await t.balance(key.id);
          const socket = connect(port, '127.0.0.1');
          socket.on('error', () => {});
          await once(socket, 'connect');
          const framing = declareLength ? `Content-Length: ${Buffer.byteLength(trailing)}\r\n` : '';
          const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
          socket.end(
            `${method} ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key.secret}\r\nContent-Type: application/json;\r\n${framing}\r\n${trailing}`,
          );
          const cut = setTimeout(() => socket.destroy(), 2000);
          await closed;
          clearTimeout(cut);
          await new Promise((r) => setTimeout(r, 5));
          for (let i = 0; i < 100 && (await t.ledger.findKeyById(key.id))!.held !== 0; i++)
            await new Promise((r) => setTimeout(r, 10));
          expect(await t.balance(key.id)).toBe(before);
        },
      ),
      { numRuns: 25, seed: 19 },
    );
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  }
}, 120_000);
