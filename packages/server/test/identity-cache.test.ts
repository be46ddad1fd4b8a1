import { holderRow, tokenRow } from '@launchlens/engine/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addr } from './support/addr.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let key: string;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world);
  key = (await t.fundedKey(10_000)).secret;
});
afterAll(() => t.close());

test('a kept identity answers the same record; a token not held yet is found once indexed', async () => {
  const a = await call(t, 'GET', `/v1/identity/${world.mint}`, { key });
  const b = await call(t, 'GET', `/v1/identity/${world.mint}`, { key });
  const { _meta: _a, ...ra } = a.json;
  const { _meta: _b, ...rb } = b.json;
  expect(rb).toEqual(ra);
  expect(b.json._meta.billing.charged).toBe(true);

  const late = addr('late-mint', 1);
  expect((await call(t, 'GET', `/v1/identity/${late}`, { key })).json._meta.coverage).toBe('none');
  await world.store.appendRows('tokens', [tokenRow({ mint: late, analyzed_at: world.now - 60_000 })]);
  await world.store.appendRows('holders', [holderRow({ mint: late, wallet: addr('wallet', 4) })]);
  const found = await call(t, 'GET', `/v1/identity/${late}`, { key });
  expect(found.json.mint).toBe(late);
  expect(found.json.identity.holders_with_history).toBe(1);
});
