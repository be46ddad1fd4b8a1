import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentRequiredBody } from '../src/errors/error-body.js';
import { priceOf } from '../src/pricing/price-of.js';
import { call } from './support/call.js';
import { PAID_CASES, type Request } from './support/paid-cases.js';
import { makeTestApp, TEST_PAY_TO, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world);
});
afterAll(() => t.close());

const send = (app: TestApp, r: Request, key?: string) => call(app, r.method, r.path, { key, body: r.body });

describe.each(PAID_CASES)('billing of $name', (pc) => {
  const charged = pc.charged ?? pc.price;
  test('a billable call is charged exactly its price (paged: the pages delivered) and says so in _meta', async () => {
    const k = await t.fundedKey(1000);
    const r = await send(t, pc.billable(world), k.secret);
    expect(r.status).toBe(200);
    expect(r.json._meta.billing).toEqual({
      charged: true,
      method: 'credits',
      credits: charged.credits,
      usd: charged.usd,
      balance_credits: 1000 - charged.credits,
    });
    expect(await t.balance(k.id)).toBe(1000 - charged.credits);
    expect(await t.ledger.charges(k.id)).toEqual([
      expect.objectContaining({
        credits: charged.credits,
        route: pc.price.route.id,
        request_id: r.json._meta.request_id,
      }),
    ]);
  });

  if (pc.unknown) {
    const unknown = pc.unknown;
    test('an unknown token is coverage none and not charged', async () => {
      const k = await t.fundedKey(1000);
      const r = await send(t, unknown(world), k.secret);
      expect(r.status).toBe(200);
      expect(r.json._meta.coverage).toBe('none');
      expect(r.json._meta.billing.charged).toBe(false);
      expect(await t.balance(k.id)).toBe(1000);
    });
  }

  if (pc.empty) {
    const empty = pc.empty;
    test('an empty result is not charged', async () => {
      const k = await t.fundedKey(1000);
      const r = await send(t, empty(world), k.secret);
      expect(r.status).toBe(200);
      expect(r.json._meta.billing.charged).toBe(false);
      expect(await t.balance(k.id)).toBe(1000);
    });
  }

  test('invalid input is 400 and not charged', async () => {
    const k = await t.fundedKey(1000);
    const r = await send(t, pc.invalid(world), k.secret);
    expect(r.status).toBe(400);
    expect(await t.balance(k.id)).toBe(1000);
    expect(await t.ledger.charges(k.id)).toEqual([]);
  });

  test('a rate-limited call is 429 and not charged', async () => {
    const limited = makeTestApp(world, { rateLimit: { points: 2, windowS: 60 } });
    const k = await limited.fundedKey(1000);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(limited, pc.billable(world), k.secret)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await limited.balance(k.id)).toBe(1000 - 2 * charged.credits);
    await limited.close();
  });

  test('without credentials it is the 402 challenge of spec §5.1', async () => {
    const r = await send(t, pc.billable(world));
    expect(r.status).toBe(402);
    expect(r.json.error.code).toBe('payment_required');
    expect(r.json).toMatchObject({
      x402Version: 2,
      price: { amount: pc.price.usd, currency: 'USD', mode: 'fixed' },
      protocols: [{ x402: {} }],
      accepts: [
        {
          scheme: 'exact',
          network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          amount: String(pc.price.micros),
          payTo: TEST_PAY_TO,
          maxTimeoutSeconds: 60,
          mimeType: 'application/json',
        },
      ],
    });
    const header = JSON.parse(Buffer.from(r.headers.get('payment-required')!, 'base64').toString('utf8'));
    expect(header.accepts[0].amount).toBe(String(pc.price.micros));
    expect(header.x402Version).toBe(2);
  });

  test('a key whose balance is short is 402 insufficient_credits and keeps its balance', async () => {
    const k = await t.fundedKey(pc.price.credits - 1);
    const r = await send(t, pc.billable(world), k.secret);
    expect(r.status).toBe(402);
    expect(r.json.error).toMatchObject({
      code: 'insufficient_credits',
      details: { cost_credits: pc.price.credits, balance_credits: pc.price.credits - 1 },
    });
    expect(r.headers.get('payment-required')).not.toBeNull();
    expect(await t.balance(k.id)).toBe(pc.price.credits - 1);
  });
});

test('a payment proof sent to a server with no x402 facilitator configured is a 402, never served', async () => {
  const r = await call(t, 'GET', `/v1/screen/${world.mint}`, { headers: { 'payment-signature': 'e30=' } });
  expect(r.status).toBe(402);
  expect(r.json.error.code).toBe('payment_not_supported');
});

test('the 402 body matches the PaymentRequired schema the OpenAPI document declares', async () => {
  const r = await call(t, 'GET', `/v1/screen/${world.mint}`);
  expect(PaymentRequiredBody.safeParse(r.json).success).toBe(true);
  const doc = (await call(t, 'GET', '/openapi.json')).json;
  expect(doc.paths['/v1/screen/{mint}'].get.responses['402'].headers).toHaveProperty('PAYMENT-REQUIRED');
});

test('a paged call with credits is charged the pages delivered, never more than asked; the challenge quotes the pages asked and says so', async () => {
  const k = await t.fundedKey(1000);
  const r = await call(t, 'GET', '/v1/kols?days=90&limit=200', { key: k.secret });
  expect(r.status).toBe(200);
  const rows = r.json.kols.length;
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(50);
  const delivered = priceOf('kols', { limit: rows });
  expect(delivered.units).toBe(1);
  expect(r.json._meta.billing).toMatchObject({
    charged: true,
    credits: delivered.credits,
    usd: delivered.usd,
  });
  expect(await t.balance(k.id)).toBe(1000 - delivered.credits);

  const challenge = await call(t, 'GET', '/v1/kols?days=90&limit=200');
  expect(challenge.status).toBe(402);
  expect(challenge.json.accepts[0].amount).toBe(String(priceOf('kols', { limit: 200 }).micros));
  expect(challenge.json.accepts[0].description).toContain('4 pages of 50 rows asked');
  expect(challenge.json.accepts[0].description).toContain('only the pages delivered are charged');
  const doc = (await call(t, 'GET', '/openapi.json')).json;
  expect(doc.paths['/v1/kols'].get.description).toContain('pages delivered');
  const auth = await call(t, 'GET', '/auth.md');
  expect(auth.text).toContain('one price per page delivered');
});

test('a 402 about a held mint says coverage full and charged nothing; about an unknown mint, none', async () => {
  const held = await call(t, 'GET', `/v1/identity/${world.mint}`);
  expect(held.status).toBe(402);
  expect(held.json._meta.coverage).toBe('full');
  expect(held.json._meta.billing.charged).toBe(false);
  const short = await t.fundedKey(1);
  const poor = await call(t, 'GET', `/v1/identity/${world.mint}`, { key: short.secret });
  expect(poor.status).toBe(402);
  expect(poor.json._meta.coverage).toBe('full');
  const unknown = await call(t, 'GET', `/v1/identity/${world.unknownMint}`);
  expect(unknown.status).toBe(402);
  expect(unknown.json._meta.coverage).toBe('none');
});

describe('compare coverage says what is held (API-SPEC §2.1, §4.2)', () => {
  test('one held and one unknown mint is partial, the unknown listed in not_covered, and free (nothing compared)', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'POST', '/v1/compare', {
      key: k.secret,
      body: { mints: [world.mint, world.unknownMint] },
    });
    expect(r.status).toBe(200);
    expect(r.json._meta.coverage).toBe('partial');
    expect(r.json.not_covered).toEqual([world.unknownMint]);
    expect(r.json._meta.billing.charged).toBe(false);
    expect(await t.balance(k.id)).toBe(1000);
  });

  test('two held mints that share no wallet are full with an empty shared, free as an empty result', async () => {
    const k = await t.fundedKey(1000);
    const mints = [world.mints[0], world.mints[world.mints.length - 1]];
    const r = await call(t, 'POST', '/v1/compare', { key: k.secret, body: { mints } });
    expect(r.status).toBe(200);
    expect(r.json._meta.coverage).toBe('full');
    expect(r.json.shared).toEqual([]);
    expect(r.json._meta.billing.charged).toBe(false);
    expect(await t.balance(k.id)).toBe(1000);
  });
});
