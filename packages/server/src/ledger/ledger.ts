import type { PaymentLedger } from './payment-ledger.js';

/** A key as the ledger knows it: never the secret, which is shown once and stored only as a hash. */
export interface KeyRecord {
  readonly id: string;
  /** The posted balance: deposits + grants + bonuses − posted charges. */
  readonly credits: number;
  /** Credits reserved by calls in flight (pending transfers); available = credits − held. */
  readonly held: number;
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

/** A pending transfer: credits held for one call before it computes (TigerBeetle's pending transfer). */
export type ReserveRequest = DebitRequest;

export type ReserveResult =
  | { readonly kind: 'reserved'; readonly reservationId: number; readonly available: number }
  | { readonly kind: 'insufficient'; readonly balance: number }
  | { readonly kind: 'unknown_key' };

/** `posted`: the charge is recorded (`chargeId` null when 0 credits were posted, a void). */
export type PostResult =
  | { readonly kind: 'posted'; readonly balance: number; readonly chargeId: number | null }
  | { readonly kind: 'gone' };

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
 * hashes, and `debit` checks `credits − held >= cost` and records the charge in one transaction.
 * A paid call is a two-phase transfer: `reserve` before computing, `post` once the answer is
 * handed over (or 0 to void it). deposits + grants + bonuses − posted charges = `credits`, always.
 * PostgreSQL keeps holds as rows (replicas share them); the embedded ledger, charged by one
 * process, keeps them in that process's memory, so a crash voids them.
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
  /** Holds `credits` of the key's available balance (`credits − held ≥ cost`) for one call. */
  reserve(request: ReserveRequest): Promise<ReserveResult>;
  /**
   * Ends a reservation: `credits` (at most those reserved) become a posted charge, the rest is
   * released; 0 voids it. `gone` when it was ended already (or voided at start).
   */
  post(reservationId: number, credits: number, at: number): Promise<PostResult>;
  /** Voids the reservations made before `before` (those left by a crash, or stale); returns how many. */
  voidReservations(before: number): Promise<number>;
  /** `debit` once per idempotency key: the claim and the `credits >= cost` debit are one transaction. */
  debitOnce(request: DebitOnceRequest): Promise<DebitOnceResult>;
  listKeys(): Promise<KeyRecord[]>;
  charges(keyId: string): Promise<Charge[]>;
  close(): Promise<void>;
}
