import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../src/app/create-app.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  world = await buildTestWorld();
  const base = makeTestApp(world);
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const deps = { ...base.deps, logger: pino({ level: 'info' }, sink) };
  t = { ...base, deps, app: createApp(deps) };
});
afterAll(() => t.close());

test('every request is logged once with its request id, route and key id — never the secret or the query', async () => {
  const k = await t.fundedKey(100);
  const minted = await call(t, 'POST', '/v1/keys', { body: {} });
  const paid = await call(t, 'GET', `/v1/screen/${world.mint}?secret=hunter2`, { key: k.secret });
  await call(t, 'GET', '/v1/credits/balance', { key: 'll_live_not-a-real-key-but-shaped-like-one-000000' });
  const logs = lines.map((l) => JSON.parse(l));
  const screen = logs.find((l) => l.request_id === paid.json._meta.request_id);
  expect(screen).toMatchObject({ route: '/v1/screen/:mint', status: 200, key_id: k.id, msg: 'request' });
  expect(logs.filter((l) => l.msg === 'request')).toHaveLength(3);
  const all = lines.join('\n');
  expect(all).not.toContain(k.secret);
  expect(all).not.toContain(minted.json.api_key);
  expect(all).not.toContain('not-a-real-key');
  expect(all).not.toContain('hunter2');
});
