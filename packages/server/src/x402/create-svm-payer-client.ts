import type { KeyPairSigner } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';

/**
 * An unmodified x402 client paying USDC on Solana from `wallet`, reading mints and blockhashes
 * from `rpcUrl` (the localnet in development). Wrap `fetch` with `@x402/fetch`'s
 * `wrapFetchWithPayment` to pay 402 answers.
 */
export function createSvmPayerClient(wallet: KeyPairSigner, rpcUrl: string): x402Client {
  return new x402Client().register('solana:*', new ExactSvmScheme(wallet, { rpcUrl }));
}
