import { afterAll, beforeAll, expect, test } from 'vitest';
import { createIdentityIndexKeeper } from '../src/cache/identity-index-keeper.js';
import { call } from './support/call.js';
import { addr, holderRow, tokenRow } from './support/rows.js';
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

test('the index keeper builds once, keeps a current index and rebuilds after launches are appended', async () => {
  const keeper = createIdentityIndexKeeper(world.store);
  expect(keeper.current()).toBeUndefined();
  const [first, concurrent] = await Promise.all([keeper.refresh(), keeper.refresh()]);
  expect(concurrent).toBe(first);
  expect(keeper.current()).toBe(first);
  expect(await keeper.refresh()).toBe(first);

  const late = addr('index-late-mint', 1);
  await world.store.appendRows('tokens', [tokenRow({ mint: late, analyzed_at: world.now - 60_000 })]);
  await world.store.appendRows('holders', [holderRow({ mint: late, wallet: addr('wallet', 4) })]);
  const rebuilt = await keeper.refresh();
  expect(rebuilt).not.toBe(first);
  expect(rebuilt.tokens).toBe(first.tokens + 1);
});

test('routes answer the same with the identity index as from the base tables', async () => {
  const keeper = createIdentityIndexKeeper(world.store);
  await keeper.refresh();
  const indexed = makeTestApp(world, { identityIndex: keeper.current });
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
