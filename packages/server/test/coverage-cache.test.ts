import { tokenRow } from '@launchlens/engine/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../src/app/create-app.js';
import { COVERAGE_TTL_MS } from '../src/routes/coverage-route.js';
import { addr } from './support/addr.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let clock: number;

beforeAll(async () => {
  world = await buildTestWorld();
  clock = world.now;
  const base = makeTestApp(world);
  const deps = { ...base.deps, now: () => clock };
  t = { ...base, deps, app: createApp(deps) };
});
afterAll(() => t.close());

test('coverage is recomputed once its cached answer is older than the TTL', async () => {
  const before = (await call(t, 'GET', '/v1/coverage')).json.tokens_indexed;
  await world.store.appendRows('tokens', [
    tokenRow({ mint: addr('late', 1), analyzed_at: world.now - 60_000 }),
  ]);
  clock += COVERAGE_TTL_MS - 1;
  expect((await call(t, 'GET', '/v1/coverage')).json.tokens_indexed).toBe(before);
  clock += 1;
  expect((await call(t, 'GET', '/v1/coverage')).json.tokens_indexed).toBe(before + 1);
});
