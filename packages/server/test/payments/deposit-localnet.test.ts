import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendUsdcTransfer } from '../../src/localnet/send-usdc-transfer.js';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { USDC_MINT } from '../../src/x402/x402-settings.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { fundedWallet, makePaymentsApp } from './support/payments-app.js';

const USD = 1_000_000n;

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

const referenceOf = async (secret: string): Promise<string> =>
  (await call(t, 'GET', '/v1/credits/deposit', { key: secret })).json.reference;
const deposit = (payer: KeyPairSigner, micros: bigint, reference?: string, to = depositAddress) =>
  sendUsdcTransfer({ rpcUrl: net.url, payer, to, micros, mint: USDC_MINT, reference });
const post = (secret: string, signature: string) =>
  call(t, 'POST', '/v1/credits/deposit', { key: secret, body: { tx_signature: signature } });

describe('deposits on the localnet', () => {
  test('GET with a key gives a stable per-key reference and a Solana Pay URL; without one, neither', async () => {
    const k = await t.fundedKey(0);
    const a = await call(t, 'GET', '/v1/credits/deposit', { key: k.secret });
    const b = await call(t, 'GET', '/v1/credits/deposit', { key: k.secret });
    expect(a.json.reference).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(b.json.reference).toBe(a.json.reference);
    expect(a.json.solana_pay_url).toContain(
      `solana:${depositAddress}?spl-token=${USDC_MINT}&reference=${a.json.reference}`,
    );
    const keyless = await call(t, 'GET', '/v1/credits/deposit');
    expect(keyless.json.pay_to).toBe(depositAddress);
    expect(keyless.json.reference).toBeUndefined();
  });

  test('a 25 USD deposit with the reference buys 50,000 credits plus the 10,000 welcome bonus', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 100n * USD);
    const sig = await deposit(wallet, 25n * USD, await referenceOf(k.secret));
    const r = await post(k.secret, sig);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'credited',
      amount_usd: '25',
      credits: 50_000,
      bonus_credits: 10_000,
      payer: wallet.address,
    });
    expect(await t.balance(k.id)).toBe(60_000);
    expect(await net.chain.usdcBalance(depositAddress)).toBeGreaterThanOrEqual(25n * USD);
  });

  test('a deposit posted twice is credited once', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 10n * USD);
    const sig = await deposit(wallet, 2n * USD, await referenceOf(k.secret));
    expect((await post(k.secret, sig)).json.status).toBe('credited');
    expect((await post(k.secret, sig)).json.status).toBe('already_credited');
    expect(await t.balance(k.id)).toBe(4000);
  });

  test('a deposit posted 32 times concurrently is credited once', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 10n * USD);
    const sig = await deposit(wallet, 3n * USD, await referenceOf(k.secret));
    const results = await Promise.all(Array.from({ length: 32 }, () => post(k.secret, sig)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.json.status === 'credited')).toHaveLength(1);
    expect(await t.balance(k.id)).toBe(6000);
  });

  test("another key posting a transfer that carries someone else's reference is refused", async () => {
    const owner = await t.fundedKey(0);
    const thief = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 10n * USD);
    const sig = await deposit(wallet, 5n * USD, await referenceOf(owner.secret));
    const r = await post(thief.secret, sig);
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('deposit_not_bound');
    expect(await t.balance(thief.id)).toBe(0);
    expect((await post(owner.secret, sig)).json.credits).toBe(10_000);
  });

  test('a transfer to another address is refused as the wrong destination', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 10n * USD);
    const elsewhere = (await generateKeyPairSigner()).address;
    const sig = await deposit(wallet, 5n * USD, await referenceOf(k.secret), elsewhere);
    const r = await post(k.secret, sig);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('deposit_wrong_destination');
  });

  test('a transfer that failed on chain is refused and credits nothing', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 1n * USD);
    const sig = await deposit(wallet, 5n * USD, await referenceOf(k.secret));
    expect(net.chain.transaction(sig)?.err).not.toBeNull();
    const r = await post(k.secret, sig);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('deposit_failed');
    expect(await t.balance(k.id)).toBe(0);
  });

  test('a confirmed but not finalized deposit is 202 pending and credits nothing until finalized', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 10n * USD);
    net.chain.holdFinality(true);
    const sig = await deposit(wallet, 1n * USD, await referenceOf(k.secret));
    net.chain.holdFinality(false);
    const pending = await post(k.secret, sig);
    expect(pending.status).toBe(202);
    expect(pending.json).toMatchObject({ status: 'pending', credits: 0 });
    expect(await t.balance(k.id)).toBe(0);
    net.chain.finalizeAll();
    expect((await post(k.secret, sig)).json.status).toBe('credited');
    expect(await t.balance(k.id)).toBe(2000);
  });

  test('the welcome bonus is paid once per wallet, across keys', async () => {
    const first = await t.fundedKey(0);
    const second = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 100n * USD);
    const a = await post(first.secret, await deposit(wallet, 10n * USD, await referenceOf(first.secret)));
    const b = await post(second.secret, await deposit(wallet, 10n * USD, await referenceOf(second.secret)));
    expect(a.json.bonus_credits).toBe(10_000);
    expect(b.json.bonus_credits).toBe(0);
    expect(await t.balance(first.id)).toBe(30_000);
    expect(await t.balance(second.id)).toBe(20_000);
  });

  test("a wallet's first deposit under 10 USD earns no bonus, and its later deposits none either", async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 100n * USD);
    const ref = await referenceOf(k.secret);
    expect((await post(k.secret, await deposit(wallet, 5n * USD, ref))).json.bonus_credits).toBe(0);
    expect((await post(k.secret, await deposit(wallet, 20n * USD, ref))).json.bonus_credits).toBe(0);
  });

  test('rotation carries the balance and the wallet binding to the new secret', async () => {
    const k = await t.fundedKey(0);
    const wallet = await fundedWallet(net, 100n * USD);
    await post(k.secret, await deposit(wallet, 1n * USD, await referenceOf(k.secret)));
    const rotated = await call(t, 'POST', '/v1/keys/rotate', { key: k.secret, body: {} });
    const secret = rotated.json.api_key;
    expect(rotated.json.key.credits).toBe(2000);
    // No reference this time: the wallet bound by the first deposit is enough.
    const r = await post(secret, await deposit(wallet, 2n * USD));
    expect(r.status).toBe(200);
    expect(r.json.balance_credits).toBe(6000);
    expect((await post(k.secret, await deposit(wallet, 3n * USD))).status).toBe(401);
  });

  test('without a key the POST is 401 api_key_required', async () => {
    const r = await call(t, 'POST', '/v1/credits/deposit', { body: { tx_signature: '1'.repeat(88) } });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('api_key_required');
  });
});
