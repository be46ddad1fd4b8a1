import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPoolQuoteClient } from '../../src/chain/pool-quote-client.js';
import { createSimChainReader, type SimChainReader } from '../../src/chain/sim-chain-reader.js';
import { type CallPrice, priceOf } from '../../src/pricing/price-of.js';
import { addr } from '../support/addr.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { makeChainApp, openSimDataset, type SimDataset } from './chain-test-app.js';

let data: SimDataset;
let reader: SimChainReader;
let t: TestApp;
let mint: string;
const unknownMint = addr('never-created', 9);

beforeAll(async () => {
  data = await openSimDataset();
  reader = createSimChainReader({
    manifest: data.store.manifest,
    knownExchanges: data.exchanges,
    at: data.end,
  });
  await reader.ready();
  t = makeChainApp(data, reader, createPoolQuoteClient(reader));
  [{ mint }] = await data.store.all<{ mint: string }>('SELECT mint FROM tokens ORDER BY analyzed_at LIMIT 1');
}, 120_000);
afterAll(async () => {
  await t.close();
  await data.close();
});

interface LiveCase {
  readonly name: string;
  readonly price: CallPrice;
  billable(): string;
  unknown(): string;
  invalid(): string;
}

/** The billing rules of API-SPEC §1 and §7 on every live GET route. */
const CASES: readonly LiveCase[] = [
  {
    name: 'GET /v1/changes/{mint}',
    price: priceOf('changes'),
    billable: () => `/v1/changes/${mint}`,
    unknown: () => `/v1/changes/${unknownMint}`,
    invalid: () => '/v1/changes/not-a-mint',
  },
  {
    name: 'GET /v1/exit/{mint}',
    price: priceOf('exit'),
    billable: () => `/v1/exit/${mint}`,
    unknown: () => `/v1/exit/${unknownMint}`,
    invalid: () => '/v1/exit/abc',
  },
  {
    name: 'GET /v1/report/{mint}?depth=full',
    price: priceOf('report_full'),
    billable: () => `/v1/report/${mint}?depth=full`,
    unknown: () => `/v1/report/${unknownMint}?depth=full`,
    invalid: () => `/v1/report/${mint}?depth=fullest`,
  },
];

describe.each(CASES)('billing of $name', (lc) => {
  test('a billable call moves the balance by exactly its price, once', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', lc.billable(), { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json._meta.billing).toEqual({
      charged: true,
      method: 'credits',
      credits: lc.price.credits,
      usd: lc.price.usd,
      balance_credits: 1000 - lc.price.credits,
    });
    expect(await t.ledger.charges(k.id)).toEqual([
      expect.objectContaining({ credits: lc.price.credits, route: lc.price.route.id }),
    ]);
  });

  test('an unknown mint or missing baseline does not move the balance', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', lc.unknown(), { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json._meta.coverage).toBe('none');
    expect(await t.balance(k.id)).toBe(1000);
  });

  test('invalid input is 400 and does not move the balance', async () => {
    const k = await t.fundedKey(1000);
    expect((await call(t, 'GET', lc.invalid(), { key: k.secret })).status).toBe(400);
    expect(await t.balance(k.id)).toBe(1000);
  });

  test('a short balance is 402 insufficient_credits; no credentials is the x402 challenge', async () => {
    const k = await t.fundedKey(lc.price.credits - 1);
    const r = await call(t, 'GET', lc.billable(), { key: k.secret });
    expect(r.status).toBe(402);
    expect(r.json.error.code).toBe('insufficient_credits');
    expect(await t.balance(k.id)).toBe(lc.price.credits - 1);
    const open = await call(t, 'GET', lc.billable());
    expect(open.status).toBe(402);
    expect(open.json.accepts[0].amount).toBe(String(lc.price.micros));
  });

  test('a rate-limited call is 429 and not charged', async () => {
    const limited = makeChainApp(data, reader, createPoolQuoteClient(reader), data.end, {
      points: 2,
      windowS: 60,
    });
    const k = await limited.fundedKey(1000);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(limited, 'GET', lc.billable(), { key: k.secret })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await limited.balance(k.id)).toBe(1000 - 2 * lc.price.credits);
    await limited.close();
  });
});
