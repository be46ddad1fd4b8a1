/**
 * Paid-call throughput with x402 against credits: `GET /v1/inspect/{mint}` on the committed small
 * dataset, through the app in process (`app.fetch`, no sockets), 8 calls in flight. x402 calls
 * carry proofs made beforehand by the unmodified client; each is claimed in the SQLite ledger,
 * verified and settled by the self-run facilitator on the localnet. Credit calls debit a funded
 * key. Prints one BENCH line (x402 calls/s, credits as the reference).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeCoverage } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { REPO_ROOT } from '@launchlens/indexer';
import {
  createApp,
  createMemoryRateLimiter,
  createMetrics,
  createSvmPayerClient,
  openSqliteLedger,
  SOLANA_MAINNET,
  startPayments,
  USDC_MINT,
} from '@launchlens/server';
import pino from 'pino';
import { report } from '../scenario-result.js';

const X402_CALLS = 200;
const CREDIT_CALLS = 2000;
const IN_FLIGHT = 8;

const dir = mkdtempSync(join(tmpdir(), 'bench-x402-'));
const store = await openDataset(process.env.DATASET_DIR ?? join(REPO_ROOT, 'datasets', 'test-small'));
const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
const logger = pino({ level: 'silent' });
const payTo = 'BenchPayTo1111111111111111111111111111111111';
const payments = await startPayments({ localnet: true, receivers: [payTo] }, logger);
const net = payments.localnet!;
let seq = 0;
const app = createApp({
  store,
  manifest: store.manifest,
  ledger,
  limiter: createMemoryRateLimiter({ points: 1_000_000, windowS: 60 }),
  logger,
  metrics: createMetrics(),
  x402: { payTo, feePayer: payments.feePayer, network: SOLANA_MAINNET, asset: USDC_MINT },
  payments: payments.services,
  now: Date.now,
  newRequestId: () => `bench-${++seq}`,
});
const mint = (await describeCoverage(store, store.manifest, Date.parse(store.manifest.current_through)))
  .example_mint;
const url = `http://bench/v1/inspect/${mint}`;

/** Runs `calls` requests `IN_FLIGHT` at a time; returns calls per second, failing on any non-200. */
async function run(calls: number, headersOf: (i: number) => Record<string, string>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < calls) {
        const i = next++;
        const r = await app.fetch(new Request(url, { headers: headersOf(i) }));
        if (r.status !== 200) throw new Error(`call ${i}: HTTP ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }
    }),
  );
  return calls / ((performance.now() - t0) / 1000);
}

const minted = await ledger.createKey({ credits: 1_000_000_000, at: Date.now() });
await run(100, () => ({ 'x-api-key': minted.secret }));
const creditsRps = await run(CREDIT_CALLS, () => ({ 'x-api-key': minted.secret }));

const wallet = await net.chain.newWallet(1_000_000_000n);
const client = createSvmPayerClient(wallet, net.url);
const challenge = await app.fetch(new Request(url));
// PAYMENT-REQUIRED and PAYMENT-SIGNATURE are standard base64 of JSON (x402 v2).
const required = JSON.parse(
  Buffer.from(challenge.headers.get('payment-required')!, 'base64').toString('utf8'),
);
const proofs: string[] = [];
for (let i = 0; i < X402_CALLS + 10; i++)
  proofs.push(Buffer.from(JSON.stringify(await client.createPaymentPayload(required))).toString('base64'));
await run(10, (i) => ({ 'payment-signature': proofs[X402_CALLS + i] }));
const x402Rps = await run(X402_CALLS, (i) => ({ 'payment-signature': proofs[i] }));
const moved = await net.chain.usdcBalance(payTo);
if (moved !== BigInt(X402_CALLS + 10) * BigInt(required.accepts[0].amount))
  throw new Error(`payTo received ${moved}`);

await payments.stop();
await ledger.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

const r1 = (x: number) => Math.round(x * 10) / 10;
report({
  name: 'x402-paid-throughput',
  metric: `paid inspect calls per second with x402 (verify + settle each), ${IN_FLIGHT} in flight, in process`,
  unit: 'calls/s',
  value: r1(x402Rps),
  reference: { name: 'credits (SQLite debit)', value: r1(creditsRps) },
  notes: `${X402_CALLS} x402 calls (each claimed, verified and settled on the localnet) vs ${CREDIT_CALLS} credit calls; x402 ÷ credits = ${Math.round((x402Rps / creditsRps) * 1000) / 1000}`,
});
