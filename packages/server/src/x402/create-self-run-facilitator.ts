import type { KeyPairSigner } from '@solana/kit';
import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { SupportedResponse } from '@x402/core/types';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { registerExactSvmScheme } from '@x402/svm/exact/facilitator';

export interface SelfRunFacilitatorOptions {
  /** The fee payer that co-signs and pays for settlement transactions (`X402_FEE_PAYER_KEY`). */
  readonly feePayer: KeyPairSigner;
  /** Solana JSON-RPC of the network (`SOLANA_RPC_URL`, or the localnet in development). */
  readonly rpcUrl: string;
  readonly network: string;
}

/**
 * An x402 facilitator run in this process (`@x402/svm` scheme `exact`). The signer gets the RPC
 * as `{ defaultRpcUrl }`: given a single kit RPC client, `toFacilitatorSvmSigner` treats it as a
 * per-network map and every verify fails silently (DESIGN §6).
 */
export function createSelfRunFacilitator(options: SelfRunFacilitatorOptions): FacilitatorClient {
  const signer = toFacilitatorSvmSigner(options.feePayer, { defaultRpcUrl: options.rpcUrl });
  const facilitator = registerExactSvmScheme(new x402Facilitator(), {
    signer,
    networks: options.network as `${string}:${string}`,
  });
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
