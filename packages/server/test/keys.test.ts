import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BalanceBody, MintedKeyBody } from '../src/routes/keys-route.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world);
});
afterAll(() => t.close());

describe('keys and credits', () => {
  test('POST /v1/keys mints an empty key whose secret is shown once and works', async () => {
    const r = await call(t, 'POST', '/v1/keys', { body: {} });
    expect(r.status).toBe(201);
    const body = MintedKeyBody.parse(r.json);
    expect(body.api_key).toMatch(/^ll_live_/);
    expect(body.key.credits).toBe(0);
    expect(body._meta.billing.charged).toBe(false);
    const b = await call(t, 'GET', '/v1/credits/balance', { key: body.api_key });
    expect(b.status).toBe(200);
    expect(BalanceBody.parse(b.json)).toMatchObject({ balance_credits: 0, key: { key_id: body.key.key_id } });
    expect(b.text).not.toContain(body.api_key);
  });

  test('POST /v1/keys accepts only the empty object', async () => {
    const r = await call(t, 'POST', '/v1/keys', { body: { credits: 1_000_000 } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_input');
  });

  test('rotation moves the balance to a new secret and the old one is refused as soon as the call returns', async () => {
    const k = await t.fundedKey(77);
    const r = await call(t, 'POST', '/v1/keys/rotate', { key: k.secret, body: {} });
    expect(r.status).toBe(200);
    const fresh = MintedKeyBody.parse(r.json);
    expect(fresh.api_key).not.toBe(k.secret);
    expect(fresh.key).toMatchObject({ key_id: k.id, credits: 77 });
    const old = await call(t, 'GET', '/v1/credits/balance', { key: k.secret });
    expect(old.status).toBe(401);
    const again = await call(t, 'POST', '/v1/keys/rotate', { key: k.secret, body: {} });
    expect(again.status).toBe(401);
    const now = await call(t, 'GET', '/v1/credits/balance', { key: fresh.api_key });
    expect(now.json.balance_credits).toBe(77);
  });

  test('rotate and balance without a key are 401 api_key_required', async () => {
    expect((await call(t, 'POST', '/v1/keys/rotate', { body: {} })).json.error.code).toBe('api_key_required');
    const b = await call(t, 'GET', '/v1/credits/balance');
    expect(b.status).toBe(401);
    expect(b.json.error.code).toBe('api_key_required');
  });

  test('the balance route reports what paid calls left', async () => {
    const k = await t.fundedKey(10);
    await call(t, 'GET', `/v1/screen/${world.mint}`, { key: k.secret });
    const b = await call(t, 'GET', '/v1/credits/balance', { key: k.secret });
    expect(b.json.balance_credits).toBe(8);
  });
});

describe('spec conformance (issue 19)', () => {
  test('POST /v1/credits/deposit without a signature is 400 and returns the deposit address in pay_to', async () => {
    const k = await t.fundedKey(0);
    for (const body of [{}, { tx_signature: 'short' }]) {
      const r = await call(t, 'POST', '/v1/credits/deposit', { key: k.secret, body });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('invalid_input');
      expect(r.json.pay_to).toBe((await call(t, 'GET', '/v1/credits/deposit')).json.pay_to);
      expect(r.json._meta.billing.charged).toBe(false);
    }
  });
});
