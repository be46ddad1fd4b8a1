import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendUsdcTransfer } from '../../src/localnet/send-usdc-transfer.js';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { USDC_MINT } from '../../src/x402/x402-settings.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { fundedWallet, makePaymentsApp } from './support/payments-app.js';

const USD = 1_000_000n;
const DAY = 86_400_000;

let world: TestWorld;
let net: Localnet;
let t: TestApp;
let depositAddress: string;

beforeAll(async () => {
  world = await buildTestWorld();
  net = await startLocalnet();
  depositAddress = (await generateKeyPairSigner()).address;
  t = makePaymentsApp(world, { rpcUrl: net.url, depositAddress });
});
afterAll(async () => {
  await t.close();
  await net.close();
});

async function pay(secret: string, wallet: KeyPairSigner, micros: bigint): Promise<string> {
  const reference = (await call(t, 'GET', '/v1/credits/deposit', { key: secret })).json.reference;
  return sendUsdcTransfer({
    rpcUrl: net.url,
    payer: wallet,
    to: depositAddress,
    micros,
    mint: USDC_MINT,
    reference,
  });
}
const postPlan = (secret: string, tx_signature: string, plan: string) =>
  call(t, 'POST', '/v1/plans', { key: secret, body: { tx_signature, plan } });

test('a starter payment starts a 30-day plan on the key and grants its 50,000 credits', async () => {
  const k = await t.fundedKey(0);
  const wallet = await fundedWallet(net, 100n * USD);
  const r = await postPlan(k.secret, await pay(k.secret, wallet, 25n * USD), 'starter');
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({
    status: 'started',
    plan: 'starter',
    credits: 50_000,
    balance_credits: 50_000,
  });
  expect(Date.parse(r.json.expires_at) - world.now).toBe(30 * DAY);
  const balance = await call(t, 'GET', '/v1/credits/balance', { key: k.secret });
  expect(balance.json.key.plan).toBe('starter');
});

test('paying again before the period ends extends it from its end, once per signature', async () => {
  const k = await t.fundedKey(0);
  const wallet = await fundedWallet(net, 300n * USD);
  await postPlan(k.secret, await pay(k.secret, wallet, 25n * USD), 'starter');
  const sig = await pay(k.secret, wallet, 100n * USD);
  const r = await postPlan(k.secret, sig, 'builder');
  expect(r.json).toMatchObject({ status: 'extended', plan: 'builder', credits: 260_000 });
  expect(Date.parse(r.json.expires_at) - world.now).toBe(60 * DAY);
  const again = await postPlan(k.secret, sig, 'builder');
  expect(again.json.status).toBe('already_applied');
  expect(await t.balance(k.id)).toBe(310_000);
});

test('a transfer below the monthly price is refused with plan_underpaid and changes nothing', async () => {
  const k = await t.fundedKey(0);
  const wallet = await fundedWallet(net, 100n * USD);
  const r = await postPlan(k.secret, await pay(k.secret, wallet, 24n * USD), 'starter');
  expect(r.status).toBe(422);
  expect(r.json.error.code).toBe('plan_underpaid');
  expect(await t.balance(k.id)).toBe(0);
});

test('a signature already credited as a deposit cannot also pay for a plan', async () => {
  const k = await t.fundedKey(0);
  const wallet = await fundedWallet(net, 100n * USD);
  const sig = await pay(k.secret, wallet, 25n * USD);
  expect(
    (await call(t, 'POST', '/v1/credits/deposit', { key: k.secret, body: { tx_signature: sig } })).status,
  ).toBe(200);
  const r = await postPlan(k.secret, sig, 'starter');
  expect(r.status).toBe(409);
  expect(r.json.error.code).toBe('deposit_already_used');
});

test('an unknown plan name is 400', async () => {
  const k = await t.fundedKey(0);
  const r = await postPlan(k.secret, '1'.repeat(88), 'platinum');
  expect(r.status).toBe(400);
});

test('GET /v1/plans still lists the ladder keylessly', async () => {
  const r = await call(t, 'GET', '/v1/plans');
  expect(r.json.plans.map((p: { name: string }) => p.name)).toEqual(['starter', 'builder', 'scale', 'pro']);
});
