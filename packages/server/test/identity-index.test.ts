import { prepareIdentityIndex } from '@launchlens/engine/internal';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let plain: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  plain = makeTestApp(world);
});
afterAll(() => plain.close());

const strip = ({ _meta, ...body }: Record<string, unknown>) => body;

test('routes answer the same with the identity index as from the base tables', async () => {
  const index = await prepareIdentityIndex(world.store);
  const indexed = makeTestApp(world, { identityIndex: () => index });
  const key = (await indexed.fundedKey(10_000)).secret;
  const plainKey = (await plain.fundedKey(10_000)).secret;
  for (const path of [
    `/v1/identity/${world.mint}`,
    `/v1/web/${world.mint}`,
    '/v1/serial-insiders?min_tokens=2',
    '/v1/funder-networks?min_wallets=2',
  ]) {
    const a = await call(plain, 'GET', path, { key: plainKey });
    const b = await call(indexed, 'GET', path, { key });
    expect(b.status, path).toBe(200);
    expect(strip(b.json), path).toEqual(strip(a.json));
  }
  await indexed.close();
});
