import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMemoryRateLimiter } from '../../src/limiter/memory-rate-limiter.js';
import { sendUsdcTransfer } from '../../src/localnet/send-usdc-transfer.js';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { withPlanRateLimits } from '../../src/payments/with-plan-rate-limits.js';
import { USDC_MINT } from '../../src/x402/x402-settings.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { fundedWallet, makePaymentsApp } from './support/payments-app.js';

// Small limits so a test can cross them: 3 a minute without a plan, 5 with `starter`.
const BASE = 3;
const STARTER = 5;

let world: TestWorld;
let net: Localnet;
let t: TestApp;
let depositAddress: string;

beforeAll(async () => {
  world = await buildTestWorld();
  net = await startLocalnet();
  depositAddress = (await generateKeyPairSigner()).address;
  t = makePaymentsApp(world, {
    rpcUrl: net.url,
    depositAddress,
    limiter: (ledger) =>
      withPlanRateLimits(createMemoryRateLimiter({ points: BASE, windowS: 60 }), {
        ledger,
        now: () => world.now,
        limitOf: (plan) => (plan === 'starter' ? STARTER : null),
        limiterFor: (points) => createMemoryRateLimiter({ points, windowS: 60 }),
        cacheMs: 0,
      }),
  });
});
afterAll(async () => {
  await t.close();
  await net.close();
});

const statuses = async (secret: string, n: number) => {
  const out: [number, string | null][] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(t, 'GET', '/v1/credits/balance', { key: secret });
    out.push([r.status, r.headers.get('x-ratelimit-limit')]);
  }
  return out;
};

test('a key without a plan has the base limit', async () => {
  const k = await t.fundedKey(0);
  expect(await statuses(k.secret, BASE + 1)).toEqual([
    ...Array.from({ length: BASE }, () => [200, String(BASE)]),
    [429, String(BASE)],
  ]);
});

test('a running plan raises the key limit to the plan rate', async () => {
  const k = await t.fundedKey(0);
  const wallet = await fundedWallet(net, 100_000_000n);
  // Paying for the plan takes two requests (GET the reference, POST the plan) of the base budget.
  const reference = (await call(t, 'GET', '/v1/credits/deposit', { key: k.secret })).json.reference;
  const sig = await sendUsdcTransfer({
    rpcUrl: net.url,
    payer: wallet,
    to: depositAddress,
    micros: 25_000_000n,
    mint: USDC_MINT,
    reference,
  });
  const paid = await call(t, 'POST', '/v1/plans', {
    key: k.secret,
    body: { tx_signature: sig, plan: 'starter' },
  });
  expect(paid.json.status).toBe('started');
  expect(await statuses(k.secret, STARTER + 1)).toEqual([
    ...Array.from({ length: STARTER }, () => [200, String(STARTER)]),
    [429, String(STARTER)],
  ]);
});
