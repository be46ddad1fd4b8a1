/**
 * x402 verify and settle latency on the localnet: the self-run facilitator (`@x402/svm` exact,
 * `toFacilitatorSvmSigner` over the loopback JSON-RPC on LiteSVM) verifies and settles 200
 * payments of the screen price made by the unmodified x402 client. Proofs are made before the
 * clock starts; verify and settle are timed apart, one payment at a time. Prints one BENCH line.
 */
import {
  createSelfRunFacilitator,
  createSvmPayerClient,
  createX402Gateway,
  paymentRequirements,
  priceOf,
  SOLANA_MAINNET,
  startLocalnet,
  USDC_MINT,
} from '@launchlens/server';
import { quantile, report } from '../scenario-result.js';

const N = 200;
const net = await startLocalnet();
const feePayer = await net.chain.newWallet(0n, 100_000_000_000n);
const wallet = await net.chain.newWallet(1_000_000_000n);
const payTo = (await net.chain.newWallet(0n, 0n)).address;
const gateway = createX402Gateway(
  createSelfRunFacilitator({ feePayer, rpcUrl: net.url, network: SOLANA_MAINNET }),
);
const settings = { payTo, feePayer: feePayer.address, network: SOLANA_MAINNET, asset: USDC_MINT };
const r = paymentRequirements(priceOf('screen'), settings);
const requirements = { ...r, network: r.network as `${string}:${string}`, extra: { ...r.extra } };
const client = createSvmPayerClient(wallet, net.url);
const resource = { url: 'http://bench/v1/screen/x', description: 'screen', mimeType: 'application/json' };
const proofs = [];
for (let i = 0; i < N + 10; i++)
  proofs.push(await client.createPaymentPayload({ x402Version: 2, resource, accepts: [requirements] }));

const verify: number[] = [];
const settle: number[] = [];
const total: number[] = [];
for (const [i, proof] of proofs.entries()) {
  const t0 = performance.now();
  const v = await gateway.verify(proof, requirements);
  const t1 = performance.now();
  const s = await gateway.settle(proof, requirements);
  const t2 = performance.now();
  if (!v.isValid || !s.success) throw new Error(`payment ${i} failed: ${v.invalidReason ?? s.errorReason}`);
  if (i < 10) continue; // warm-up
  verify.push(t1 - t0);
  settle.push(t2 - t1);
  total.push(t2 - t0);
}
const moved = await net.chain.usdcBalance(payTo);
if (moved !== BigInt(proofs.length) * BigInt(requirements.amount)) throw new Error(`payTo received ${moved}`);
await net.close();

const ms = (x: number) => Math.round(x * 100) / 100;
report({
  name: 'x402-verify-settle',
  metric: `verify + settle of one payment on the localnet, p50 over ${N}`,
  unit: 'ms',
  value: ms(quantile(total, 0.5)),
  notes: `p99 ${ms(quantile(total, 0.99))} ms; verify p50 ${ms(quantile(verify, 0.5))} / p99 ${ms(quantile(verify, 0.99))} ms; settle p50 ${ms(quantile(settle, 0.5))} / p99 ${ms(quantile(settle, 0.99))} ms (send + confirm over the loopback RPC; the SDK polls signature status, first poll immediate)`,
});
