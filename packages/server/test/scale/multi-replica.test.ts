// Loaded first: the stream routes call `.openapi` on engine schemas, which only zod schemas built
// after @hono/zod-openapi is loaded have.
import '../../src/app/create-app.js';
import { generateKeyPairSync } from 'node:crypto';
import { createKeyPairSignerFromBytes, generateKeyPairSigner } from '@solana/kit';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import bs58 from 'bs58';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openPostgresLedger } from '../../src/ledger/postgres-ledger.js';
import type { EventLog } from '../../src/live/event-log.js';
import { openPostgresEventLog } from '../../src/live/postgres-event-log.js';
import { sendUsdcTransfer } from '../../src/localnet/send-usdc-transfer.js';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { USDC_MINT } from '../../src/x402/x402-settings.js';
import { fundedWallet, payingClient } from '../payments/support/payments-app.js';
import { migrationEvent, openEventSource } from '../streams/stream-server.js';
import { connectTestRedis, TEST_REDIS_URL } from './support/connect-test-redis.js';
import { type FreshSchema, freshPostgresSchema } from './support/fresh-postgres-schema.js';
import { type Replicas, startReplicas } from './support/start-replicas.js';

let db: FreshSchema;
let redis: Redis;
let servers: Replicas;
let ledger: Ledger;
/** The test publishes as the one indexer of a replicated deployment does. */
let log: EventLog;
/** One chain for all replicas: the localnet, reached over its loopback JSON-RPC. */
let net: Localnet;
let payTo: string;
let depositAddress: string;

/** A fee payer whose 64-byte secret can be handed to the replicas as `X402_FEE_PAYER_KEY`. */
async function feePayerKey(): Promise<{ address: string; key: string }> {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const bytes = new Uint8Array([...Buffer.from(jwk.d!, 'base64url'), ...Buffer.from(jwk.x!, 'base64url')]);
  return { address: (await createKeyPairSignerFromBytes(bytes)).address, key: bs58.encode(bytes) };
}

beforeAll(async () => {
  db = await freshPostgresSchema('replicas');
  ({ client: redis } = await connectTestRedis());
  net = await startLocalnet();
  const feePayer = await feePayerKey();
  await net.chain.fund(feePayer.address, 0n, 10_000_000_000n);
  payTo = (await generateKeyPairSigner()).address;
  depositAddress = (await generateKeyPairSigner()).address;
  await net.chain.fund(payTo, 0n);
  await net.chain.fund(depositAddress, 0n);
  servers = await startReplicas({
    count: 3,
    databaseUrl: db.url,
    redisUrl: TEST_REDIS_URL,
    env: {
      SOLANA_RPC_URL: net.url,
      X402_FEE_PAYER_KEY: feePayer.key,
      X402_PAY_TO: payTo,
      DEPOSIT_ADDRESS: depositAddress,
    },
  });
  ledger = await openPostgresLedger({ connectionString: db.url });
  log = await openPostgresEventLog({ connectionString: db.url });
}, 180_000);
afterAll(async () => {
  await servers?.stop();
  await ledger?.close();
  await log?.close();
  redis?.disconnect();
  await net?.close();
  await db?.drop();
});

const urls = () => servers.replicas.map((r) => r.url);

describe('three replicas on one PostgreSQL and one Redis', () => {
  test('the 300/min limit of a key holds across replicas: of 360 calls spread over three, 300 pass', async () => {
    const key = await ledger.createKey({ at: Date.now() });
    const responses = await Promise.all(
      Array.from({ length: 360 }, (_, i) =>
        fetch(`${urls()[i % 3]}/v1/credits/balance`, { headers: { 'x-api-key': key.secret } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);
    const served = new Set(responses.filter((r) => r.status === 200).map((r) => new URL(r.url).origin));
    expect(served.size).toBe(3);
    expect(responses.every((r) => r.headers.get('x-ratelimit-limit') === '300')).toBe(true);
  });

  test('200 parallel paid calls across replicas on a balance that covers 100 → exactly 100 are served and charged', async () => {
    const key = await ledger.createKey({ credits: 200, at: Date.now() });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${urls()[i % 3]}/v1/screen/${servers.mint}`, { headers: { 'x-api-key': key.secret } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    // Nothing is left to spend the moment the answers are in: what is not posted yet is held.
    const now = await ledger.findKeyById(key.record.id);
    expect(now!.credits - now!.held).toBe(0);
    // A call's charge is posted once Node reports its answer written, which can be just after the
    // client has read it: wait for the last posts to land (bounded), then check the books.
    const deadline = Date.now() + 5_000;
    while ((await ledger.findKeyById(key.record.id))!.held > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const settled = await ledger.findKeyById(key.record.id);
    expect(settled?.held).toBe(0);
    expect(settled?.credits).toBe(0);
    expect(await ledger.charges(key.record.id)).toHaveLength(100);
  });

  test('a key rotated on one replica is refused by the others at once', async () => {
    const key = await ledger.createKey({ credits: 10, at: Date.now() });
    const [a, b, c] = urls();
    const rotated = await fetch(`${a}/v1/keys/rotate`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rotated.status).toBe(200);
    await rotated.arrayBuffer();
    for (const base of [b, c]) {
      const r = await fetch(`${base}/v1/credits/balance`, { headers: { 'x-api-key': key.secret } });
      expect(r.status).toBe(401);
      await r.arrayBuffer();
    }
  });

  test('a stream resumed on another replica continues the exact sequence, each event billed once', async () => {
    const key = await ledger.createKey({ credits: 1000, at: Date.now() });
    const published: number[] = [];
    const received: number[] = [];
    let next = 0;
    const publish = async (n: number) => {
      const batch = Array.from({ length: n }, () => migrationEvent(next++));
      for (const e of await log.append(batch)) published.push(e.id);
    };
    let last: string | undefined;
    // Connected to each replica in turn: 4 events published while connected, 3 while disconnected.
    for (const base of [...urls(), urls()[0]]) {
      await new Promise<void>((resolve, reject) => {
        const es = openEventSource(`${base}/v1/stream/migrations`, key.secret, last);
        let got = 0;
        const want = published.length - received.length + 4;
        es.addEventListener('open', () => void publish(4).catch(reject));
        es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
        es.addEventListener('migration', (e) => {
          received.push(Number(e.lastEventId));
          last = e.lastEventId;
          if (++got === want) {
            es.close();
            resolve();
          }
        });
      });
      await publish(3);
    }
    const es = openEventSource(`${urls()[1]}/v1/stream/migrations`, key.secret, last);
    await new Promise<void>((resolve, reject) => {
      es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
      es.addEventListener('migration', (e) => {
        received.push(Number(e.lastEventId));
        if (received.length === published.length) resolve();
      });
    });
    es.close();
    expect(published).toHaveLength(28);
    expect(received).toEqual(published);
    const charges = await ledger.charges(key.record.id);
    expect(charges).toHaveLength(28);
    expect((await ledger.findKeyById(key.record.id))?.credits).toBe(1000 - 28 * charges[0].credits);
  });

  test('one deposit signature posted to all three replicas at once credits once', async () => {
    const key = await ledger.createKey({ at: Date.now() });
    const info = await fetch(`${urls()[0]}/v1/credits/deposit`, { headers: { 'x-api-key': key.secret } });
    const { reference } = (await info.json()) as { reference: string };
    const wallet = await fundedWallet(net, 100_000_000n);
    const signature = await sendUsdcTransfer({
      rpcUrl: net.url,
      payer: wallet,
      to: depositAddress,
      micros: 25_000_000n,
      mint: USDC_MINT,
      reference,
    });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${urls()[i % 3]}/v1/credits/deposit`, {
          method: 'POST',
          headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
          body: JSON.stringify({ tx_signature: signature }),
        }),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { status: string }[];
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(bodies.filter((b) => b.status === 'credited')).toHaveLength(1);
    expect(bodies.filter((b) => b.status === 'already_credited')).toHaveLength(11);
    expect((await ledger.findKeyById(key.record.id))?.credits).toBe(50_000 + 10_000);
  });

  test('one x402 proof sent to all three replicas at once is served and settled once', async () => {
    const path = `/v1/screen/${servers.mint}`;
    const challenge = await fetch(`${urls()[0]}${path}`);
    expect(challenge.status).toBe(402);
    await challenge.arrayBuffer();
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    const wallet = await fundedWallet(net, 10_000n);
    const proof = encodePaymentSignatureHeader(
      await payingClient(net, wallet).createPaymentPayload(required),
    );
    const before = await net.chain.usdcBalance(payTo);
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        fetch(`${urls()[i % 3]}${path}`, { headers: { 'payment-signature': proof } }),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as {
      error?: { code: string };
      _meta: { billing: { method: string } };
    }[];
    const served = bodies.filter((_, i) => responses[i].status === 200);
    expect(served).toHaveLength(1);
    expect(served[0]._meta.billing.method).toBe('x402');
    const refused = bodies.filter((_, i) => responses[i].status !== 200);
    expect(refused.map((b) => b.error?.code)).toEqual(Array(8).fill('payment_replayed'));
    expect(await net.chain.usdcBalance(payTo)).toBe(before + BigInt(required.accepts[0].amount));
    expect(await net.chain.usdcBalance(wallet.address)).toBe(10_000n - BigInt(required.accepts[0].amount));
  });
});
