import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { fundedWallet, makePaymentsApp, payingClient, payingFetch } from './support/payments-app.js';

const BASE = 'http://launchlens.test';
const SCREEN_MICROS = 1000n;

let world: TestWorld;
let net: Localnet;
let feePayer: KeyPairSigner;
let payTo: string;
let dir: string;
let t: TestApp;

const appAt = (ledgerPath: string) =>
  makePaymentsApp(world, {
    rpcUrl: net.url,
    depositAddress: payTo,
    ledgerPath,
    facilitator: { localnet: net, feePayer },
  });

beforeAll(async () => {
  world = await buildTestWorld();
  net = await startLocalnet();
  feePayer = await generateKeyPairSigner();
  await net.chain.fund(feePayer.address, 0n, 10_000_000_000n);
  payTo = (await generateKeyPairSigner()).address;
  await net.chain.fund(payTo, 0n);
  dir = mkdtempSync(join(tmpdir(), 'x402-'));
  t = appAt(join(dir, 'ledger.sqlite'));
});
afterAll(async () => {
  await t.close();
  await net.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (app: TestApp, path: string, proof?: string) =>
  app.app.fetch(
    new Request(`${BASE}${path}`, { headers: proof === undefined ? {} : { 'payment-signature': proof } }),
  );

/** A signed proof for the screen price, made by the client from the server's challenge but not sent. */
async function unsentProof(
  wallet: KeyPairSigner,
  edit?: (accepts: Record<string, unknown>) => void,
): Promise<string> {
  const challenge = await send(t, `/v1/screen/${world.mint}`);
  const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
  edit?.(required.accepts[0]);
  const payload = await payingClient(net, wallet).createPaymentPayload(required);
  return encodePaymentSignatureHeader(payload);
}

describe('x402 on the localnet with the unmodified @x402/fetch client', () => {
  test('the challenge names the self-run facilitator as fee payer', async () => {
    const r = await send(t, `/v1/screen/${world.mint}`);
    expect(r.status).toBe(402);
    const required = decodePaymentRequiredHeader(r.headers.get('payment-required')!);
    expect(required.accepts[0]).toMatchObject({
      amount: '1000',
      payTo,
      extra: { feePayer: feePayer.address },
    });
  });

  test('a paid call is served, settled once and moves exactly the price', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const before = await net.chain.usdcBalance(payTo);
    const { fetch } = payingFetch(t, net, wallet);
    const r = await fetch(`${BASE}/v1/screen/${world.mint}`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.mint).toBe(world.mint);
    const settlement = decodePaymentResponseHeader(r.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, payer: wallet.address });
    expect(body._meta.billing).toEqual({
      charged: true,
      method: 'x402',
      credits: 0,
      usd: '0.001',
      settlement_tx: settlement.transaction,
    });
    expect(net.chain.transaction(settlement.transaction)?.err).toBeNull();
    expect(await net.chain.usdcBalance(payTo)).toBe(before + SCREEN_MICROS);
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n - SCREEN_MICROS);
  });

  test('the same proof replayed is refused with nothing served or moved', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const { fetch, sent } = payingFetch(t, net, wallet);
    expect((await fetch(`${BASE}/v1/screen/${world.mint}`)).status).toBe(200);
    const before = await net.chain.usdcBalance(payTo);
    const replay = await send(t, `/v1/screen/${world.mint}`, sent[0]);
    expect(replay.status).toBe(402);
    const body = await replay.json();
    expect(body.error.code).toBe('payment_replayed');
    expect(body.rug_risk).toBeUndefined();
    expect(await net.chain.usdcBalance(payTo)).toBe(before);
  });

  test('one proof sent 32 times concurrently is served and settled exactly once', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const before = await net.chain.usdcBalance(payTo);
    const proof = await unsentProof(wallet);
    const results = await Promise.all(
      Array.from({ length: 32 }, () => send(t, `/v1/screen/${world.mint}`, proof)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(31);
    expect(await net.chain.usdcBalance(payTo)).toBe(before + SCREEN_MICROS);
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n - SCREEN_MICROS);
  });

  test('a proof replayed after a server restart is refused (the claim is in the ledger file)', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const path = join(dir, 'restart.sqlite');
    const first = appAt(path);
    const { fetch, sent } = payingFetch(first, net, wallet);
    expect((await fetch(`${BASE}/v1/screen/${world.mint}`)).status).toBe(200);
    await first.close();
    const second = appAt(path);
    const before = await net.chain.usdcBalance(payTo);
    const replay = await send(second, `/v1/screen/${world.mint}`, sent[0]);
    expect(replay.status).toBe(402);
    expect((await replay.json()).error.code).toBe('payment_replayed');
    expect(await net.chain.usdcBalance(payTo)).toBe(before);
    await second.close();
  });

  test('a proof whose accepted amount was lowered does not match the call and is refused', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const proof = await unsentProof(wallet, (a) => {
      a.amount = '1';
    });
    const r = await send(t, `/v1/screen/${world.mint}`, proof);
    expect(r.status).toBe(402);
    expect((await r.json()).error.code).toBe('payment_invalid');
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n);
  });

  test('a transaction paying less than the accepted amount fails verification and moves nothing', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const cheap = await unsentProof(wallet, (a) => {
      a.amount = '1';
    });
    // Put the true requirements back in `accepted`, keeping the 1-unit transaction.
    const challenge = await send(t, `/v1/screen/${world.mint}`);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    const payload = JSON.parse(Buffer.from(cheap, 'base64').toString('utf8'));
    payload.accepted = required.accepts[0];
    const r = await send(t, `/v1/screen/${world.mint}`, encodePaymentSignatureHeader(payload));
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body.error).toMatchObject({
      code: 'payment_invalid',
      details: { reason: expect.stringContaining('amount') },
    });
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n);
  });

  test('a settlement that fails on chain serves nothing', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const before = await net.chain.usdcBalance(payTo);
    // The payer empties its account between verification and settlement.
    net.chain.beforeNextSend(() => net.chain.setUsdcBalance(wallet.address, 0n));
    const { fetch } = payingFetch(t, net, wallet);
    // @x402/svm reports the failed transaction on console.error: asserted here, not printed.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    let r: Response;
    let messages: string[];
    try {
      r = await fetch(`${BASE}/v1/screen/${world.mint}`);
    } finally {
      messages = printed.mock.calls.map((c) => String(c[0]));
      printed.mockRestore();
    }
    expect(messages).toContainEqual(expect.stringContaining('Transaction failed onchain'));
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body.error.code).toBe('payment_settlement_failed');
    expect(body.rug_risk).toBeUndefined();
    expect(await net.chain.usdcBalance(payTo)).toBe(before);
  });

  test('an unknown mint paid with x402 is answered with coverage none and not settled', async () => {
    const wallet = await fundedWallet(net, 10_000n);
    const before = await net.chain.usdcBalance(payTo);
    const { fetch, sent } = payingFetch(t, net, wallet);
    const r = await fetch(`${BASE}/v1/screen/${world.unknownMint}`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body._meta.coverage).toBe('none');
    expect(body._meta.billing).toEqual({ charged: false, method: 'x402', credits: 0, usd: '0' });
    expect(r.headers.get('payment-response')).toBeNull();
    expect(await net.chain.usdcBalance(payTo)).toBe(before);
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n);
    // The proof was used: it cannot buy a billable call afterwards.
    expect((await send(t, `/v1/screen/${world.mint}`, sent[0])).status).toBe(402);
  });

  test('a malformed PAYMENT-SIGNATURE is 402 payment_invalid', async () => {
    const r = await send(t, `/v1/screen/${world.mint}`, 'not base64 json!');
    expect(r.status).toBe(402);
    expect((await r.json()).error.code).toBe('payment_invalid');
  });
});
