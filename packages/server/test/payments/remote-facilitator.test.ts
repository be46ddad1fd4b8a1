import { generateKeyPairSigner } from '@solana/kit';
import { decodePaymentResponseHeader } from '@x402/core/http';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { type StartedPayments, startPayments } from '../../src/payments/start-payments.js';
import { createSelfRunFacilitator } from '../../src/x402/create-self-run-facilitator.js';
import { type ServedFacilitator, serveFacilitator } from '../../src/x402/serve-facilitator.js';
import { SOLANA_MAINNET } from '../../src/x402/x402-settings.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { fundedWallet, makePaymentsApp, payingFetch } from './support/payments-app.js';

const BASE = 'http://launchlens.test';

let world: TestWorld;
let net: Localnet;
let served: ServedFacilitator;
let payments: StartedPayments;
let feePayer: string;
let payTo: string;
let t: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  net = await startLocalnet();
  const signer = await generateKeyPairSigner();
  feePayer = signer.address;
  await net.chain.fund(feePayer, 0n, 10_000_000_000n);
  payTo = (await generateKeyPairSigner()).address;
  await net.chain.fund(payTo, 0n);
  served = await serveFacilitator(
    createSelfRunFacilitator({ feePayer: signer, rpcUrl: net.url, network: SOLANA_MAINNET }),
  );
  payments = await startPayments(
    { localnet: false, facilitatorUrl: served.url, solanaRpcUrl: net.url, receivers: [] },
    pino({ level: 'silent' }),
  );
  t = makePaymentsApp(world, { rpcUrl: net.url, depositAddress: payTo, started: payments });
});
afterAll(async () => {
  await t.close();
  await payments.stop();
  await served.close();
  await net.close();
});

test('a remote facilitator (X402_FACILITATOR_URL) gives its fee payer from /supported', () => {
  expect(payments.feePayer).toBe(feePayer);
  expect(payments.localnet).toBeNull();
});

test('a call paid through the remote facilitator is settled once; its replay is refused', async () => {
  const wallet = await fundedWallet(net, 10_000n);
  const { fetch, sent } = payingFetch(t, net, wallet);
  const r = await fetch(`${BASE}/v1/screen/${world.mint}`);
  expect(r.status).toBe(200);
  const settlement = decodePaymentResponseHeader(r.headers.get('payment-response')!);
  expect(settlement.success).toBe(true);
  expect(await net.chain.usdcBalance(payTo)).toBe(1000n);
  const replay = await t.app.fetch(
    new Request(`${BASE}/v1/screen/${world.mint}`, { headers: { 'payment-signature': sent[0] } }),
  );
  expect(replay.status).toBe(402);
  expect(await net.chain.usdcBalance(payTo)).toBe(1000n);
});

test('an unreachable remote facilitator leaves x402 off rather than failing every call later', async () => {
  const off = await startPayments(
    { localnet: false, facilitatorUrl: 'http://127.0.0.1:9/', receivers: [] },
    pino({ level: 'silent' }),
  );
  expect(off.services.x402).toBeNull();
  expect(off.feePayer).toBeNull();
});
