import { type FacilitatorClient, x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { ExactSvmScheme } from '@x402/svm/exact/server';

/** Verifies and settles x402 payments through a facilitator (self-run or remote). */
export interface X402Gateway {
  /** Whether the payload's `accepted` is these requirements (the SDK's deep-equality match). */
  matches(requirements: PaymentRequirements, payload: PaymentPayload): boolean;
  verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse>;
  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse>;
}

/**
 * An `x402ResourceServer` (scheme `exact` on Solana) over one facilitator, initialised on first
 * use (the facilitator's supported kinds are fetched once; a failed fetch is retried next time).
 */
export function createX402Gateway(facilitator: FacilitatorClient): X402Gateway {
  const server = new x402ResourceServer(facilitator);
  server.register('solana:*', new ExactSvmScheme());
  let ready: Promise<void> | null = null;
  const init = () => {
    ready ??= server.initialize().catch((e: unknown) => {
      ready = null;
      throw e;
    });
    return ready;
  };
  return {
    matches: (requirements, payload) =>
      server.findMatchingRequirements([requirements], payload) !== undefined,
    async verify(payload, requirements) {
      await init();
      return server.verifyPayment(payload, requirements);
    },
    async settle(payload, requirements) {
      await init();
      return server.settlePayment(payload, requirements);
    },
  };
}
