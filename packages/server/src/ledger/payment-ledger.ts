/** An x402 payment taken into the ledger before it is verified (DESIGN §6). */
export interface PaymentClaim {
  /** `transactionMessageHash` of the payment transaction (base64 SHA-256 of its message). */
  readonly messageHash: string;
  readonly route: string;
  readonly requestId: string;
  readonly amountMicros: number;
  readonly payTo: string;
  readonly at: number;
}

export type PaymentState = 'claimed' | 'settled' | 'unbilled' | 'failed';

export type ClaimResult =
  | { readonly kind: 'claimed' }
  /** The message hash was claimed before (by any request, in any process, before any restart). */
  | { readonly kind: 'taken'; readonly state: PaymentState; readonly settlementTx: string | null };

export type PaymentOutcome =
  | { readonly state: 'settled'; readonly settlementTx: string; readonly payer: string; readonly at: number }
  | { readonly state: 'unbilled' | 'failed'; readonly reason: string; readonly at: number };

/** A verified USDC transfer to the deposit address, to be credited to a key. */
export interface DepositCreditRequest {
  readonly signature: string;
  readonly keyId: string;
  /** The owner of the USDC account the transfer came from. */
  readonly payer: string;
  readonly amountMicros: number;
  readonly credits: number;
  /** The welcome bonus, granted only if this is the payer's first deposit and at least `minMicros`. */
  readonly welcome: { readonly credits: number; readonly minMicros: number };
  readonly at: number;
}

export interface DepositRecord {
  readonly signature: string;
  readonly key_id: string;
  readonly kind: 'deposit' | 'plan';
  readonly payer: string;
  readonly amount_micros: number;
  readonly credits: number;
  readonly bonus_credits: number;
  readonly plan: string | null;
  readonly at: number;
}

export type DepositCreditResult =
  | { readonly kind: 'credited'; readonly deposit: DepositRecord; readonly balance: number }
  /** The signature was credited before (to `deposit.key_id`); nothing changed. */
  | { readonly kind: 'duplicate'; readonly deposit: DepositRecord }
  | { readonly kind: 'unknown_key' };

/** A verified USDC payment for a plan period. */
export interface PlanPaymentRequest {
  readonly signature: string;
  readonly keyId: string;
  readonly payer: string;
  readonly amountMicros: number;
  readonly plan: string;
  /** Credits granted with the period. */
  readonly credits: number;
  readonly periodMs: number;
  readonly at: number;
}

export interface PlanPeriod {
  readonly key_id: string;
  readonly plan: string;
  readonly started_at: number;
  readonly expires_at: number;
}

export type PlanPaymentResult =
  | {
      readonly kind: 'started';
      readonly period: PlanPeriod;
      readonly deposit: DepositRecord;
      readonly balance: number;
    }
  | { readonly kind: 'duplicate'; readonly deposit: DepositRecord }
  | { readonly kind: 'unknown_key' };

/**
 * The payment part of the `Ledger` (x402 claims, deposits, wallet bindings, plans). Every money
 * operation is one transaction whose UNIQUE constraints do the exactly-once work: a claim is
 * `UNIQUE(message_hash)`, a settlement `UNIQUE(settlement_tx)`, a deposit or plan payment
 * `UNIQUE(signature)` inserted in the same transaction as the credit.
 */
export interface PaymentLedger {
  /** Inserts the claim; `taken` when the message hash was ever claimed before. */
  claimPayment(claim: PaymentClaim): Promise<ClaimResult>;
  /** Moves a `claimed` payment to its final state (settled with a unique transaction signature). */
  finishPayment(messageHash: string, outcome: PaymentOutcome): Promise<void>;
  /** The key's Solana Pay reference; `candidate` becomes it when the key has none yet. */
  depositReference(keyId: string, candidate: string, at: number): Promise<string>;
  /** Whether a deposit from `wallet` was credited to the key before (the wallet is bound to it). */
  isWalletBound(wallet: string, keyId: string): Promise<boolean>;
  /** Credits a deposit once per signature, binds the payer to the key, grants the welcome bonus once per payer. */
  creditDeposit(request: DepositCreditRequest): Promise<DepositCreditResult>;
  /** Starts or extends the key's plan once per signature and grants its credits. */
  payPlan(request: PlanPaymentRequest): Promise<PlanPaymentResult>;
  /** The key's current plan period, or null when it has none or it ended before `at`. */
  planOf(keyId: string, at: number): Promise<PlanPeriod | null>;
  /**
   * The running plan of the live key whose secret has this SHA-256 (what the rate limiter sees),
   * or null. Optional: without it every key has the base rate limit.
   */
  planOfKeyHash?(hash: Uint8Array, at: number): Promise<string | null>;
}
