import type { X402Gateway } from '../x402/create-x402-gateway.js';

/** What the payment routes need beside the ledger; injected through `AppDeps.payments`. */
export interface PaymentServices {
  /** x402 verification and settlement; null when no facilitator is configured. */
  readonly x402: X402Gateway | null;
  /** The Solana JSON-RPC deposits and plan payments are read from; null when none is configured. */
  readonly rpcUrl: string | null;
}
