import type { PaymentLedger } from './payment-ledger.js';

/** A key as the ledger knows it: never the secret, which is shown once and stored only as a hash. */
export interface KeyRecord {
  readonly id: string;
  readonly credits: number;
  readonly plan: string | null;
  readonly owner: string | null;
  readonly created_at: number;
  readonly rotated_at: number | null;
}

export interface MintedKey {
  readonly secret: string;
  readonly record: KeyRecord;
}

export interface DebitRequest {
  readonly keyId: string;
  readonly credits: number;
  readonly route: string;
  readonly requestId: string;
  readonly at: number;
}

export type DebitResult =
  | { readonly kind: 'debited'; readonly balance: number; readonly chargeId: number }
  | { readonly kind: 'insufficient'; readonly balance: number }
  | { readonly kind: 'unknown_key' };

/** A debit made at most once per `idempotencyKey` (a stream event: key, stream and event id). */
export interface DebitOnceRequest extends DebitRequest {
  readonly idempotencyKey: string;
}

/** `duplicate`: the idempotency key was already charged; nothing is taken again. */
export type DebitOnceResult =
  | DebitResult
  | { readonly kind: 'duplicate'; readonly balance: number; readonly chargeId: number };

export interface Charge {
  readonly id: number;
  readonly key_id: string;
  readonly route: string;
  readonly credits: number;
  readonly request_id: string;
  readonly at: number;
}

/**
 * Keys and credits. The embedded implementation is SQLite (`openSqliteLedger`); replicas share the
 * PostgreSQL one (`openPostgresLedger`), with the same guarantees: secrets only as SHA-256
 * hashes, and `debit` checks `credits >= cost` and records the charge in one transaction.
 */
export interface Ledger extends PaymentLedger {
  createKey(options: {
    readonly credits?: number;
    readonly owner?: string | null;
    readonly plan?: string | null;
    readonly at: number;
  }): Promise<MintedKey>;
  /**
   * The live key whose secret this is, or null (unknown, malformed or rotated away). `hash` is
   * `hashApiKey(secret)` when the caller has it already (the rate limiter hashed it: ≈ 1 µs saved).
   */
  findKey(secret: string, hash?: Buffer): Promise<KeyRecord | null>;
  findKeyById(id: string): Promise<KeyRecord | null>;
  /** Replaces the secret of a live key; the old secret is refused from the moment this resolves. */
  rotateKey(secret: string, at: number): Promise<MintedKey | null>;
  grant(keyId: string, credits: number, reason: string, at: number): Promise<KeyRecord | null>;
  debit(request: DebitRequest): Promise<DebitResult>;
  /** `debit` once per idempotency key: the claim and the `credits >= cost` debit are one transaction. */
  debitOnce(request: DebitOnceRequest): Promise<DebitOnceResult>;
  listKeys(): Promise<KeyRecord[]>;
  charges(keyId: string): Promise<Charge[]>;
  close(): Promise<void>;
}
