import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import type { Ledger } from '../../../src/ledger/ledger.js';
import { createMemoryRateLimiter } from '../../../src/limiter/memory-rate-limiter.js';
import type { RateLimiter } from '../../../src/limiter/rate-limiter.js';
import type { Localnet } from '../../../src/localnet/start-localnet.js';
import type { PaymentServices } from '../../../src/payments/payment-services.js';
import { createSelfRunFacilitator } from '../../../src/x402/create-self-run-facilitator.js';
import { createX402Gateway } from '../../../src/x402/create-x402-gateway.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../../src/x402/x402-settings.js';
import { makeTestApp, type TestApp } from '../../support/test-app.js';
import type { TestWorld } from '../../support/test-world.js';

export interface PaymentsAppOptions {
  /** Solana RPC for deposits (the localnet, or a loopback serving fixtures). */
  readonly rpcUrl: string | null;
  readonly depositAddress: string;
  readonly payTo?: string;
  /** A fee payer on `localnet` turns on x402 with a self-run facilitator. */
  readonly facilitator?: { readonly localnet: Localnet; readonly feePayer: KeyPairSigner };
  /** Payment services built elsewhere (`startPayments`), with their fee payer; wins over `facilitator`. */
  readonly started?: { readonly services: PaymentServices; readonly feePayer: string | null };
  readonly ledgerPath?: string;
  /** The rate limiter over the app's ledger (default: a memory limiter too high to matter). */
  readonly limiter?: (ledger: Ledger) => RateLimiter;
}

/** The real app over the test world with payments wired as `main.ts` wires them in development. */
export function makePaymentsApp(world: TestWorld, options: PaymentsAppOptions): TestApp {
  const f = options.facilitator;
  const x402 = f
    ? createX402Gateway(
        createSelfRunFacilitator({ feePayer: f.feePayer, rpcUrl: f.localnet.url, network: SOLANA_MAINNET }),
      )
    : null;
  return makeTestApp(world, {
    ledgerPath: options.ledgerPath,
    deps: (ledger) => ({
      limiter: options.limiter?.(ledger) ?? createMemoryRateLimiter({ points: 100_000, windowS: 60 }),
      x402: {
        payTo: options.payTo ?? options.depositAddress,
        feePayer: options.started ? options.started.feePayer : f ? f.feePayer.address : null,
        network: SOLANA_MAINNET,
        asset: USDC_MINT,
      },
      payments: options.started?.services ?? { x402, rpcUrl: options.rpcUrl },
      depositAddress: options.depositAddress,
    }),
  });
}

/** A wallet on the localnet with SOL for fees and `usdcMicros` of USDC. */
export async function fundedWallet(localnet: Localnet, usdcMicros: bigint): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  await localnet.chain.fund(wallet.address, usdcMicros, 1_000_000_000n);
  return wallet;
}

/** An x402 client paying from `wallet`, reading the chain from the localnet. */
export function payingClient(localnet: Localnet, wallet: KeyPairSigner): x402Client {
  return new x402Client().register('solana:*', new ExactSvmScheme(wallet, { rpcUrl: localnet.url }));
}

/**
 * The unmodified `@x402/fetch` client paying from `wallet`, talking to the app in process;
 * `sent` collects every `PAYMENT-SIGNATURE` it sent, for replays.
 */
export function payingFetch(t: TestApp, localnet: Localnet, wallet: KeyPairSigner) {
  const sent: string[] = [];
  const fetch = wrapFetchWithPayment(
    async (input, init) => {
      const request = new Request(input, init);
      const proof = request.headers.get('payment-signature');
      if (proof !== null) sent.push(proof);
      return t.app.fetch(request);
    },
    payingClient(localnet, wallet),
  );
  return { fetch, sent };
}
