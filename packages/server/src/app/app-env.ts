import type { KeyRecord } from '../ledger/ledger.js';
import type { RateDecision } from '../limiter/rate-limiter.js';

/** A credit reservation of this request and the credits to post once its answer is handed over. */
export interface HeldCharge {
  readonly reservationId: number;
  readonly route: string;
  readonly requestId: string;
  /** Credits to post on delivery; 0 (an unbillable answer) voids the reservation. */
  credits: number;
}

/** Per-request values set by the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The live key presented in `X-API-Key`, or null. */
    apiKey: KeyRecord | null;
    /** Whether an `X-API-Key` header was sent at all (a dead key is 401, no key is not). */
    apiKeyPresented: boolean;
    /** SHA-256 of the presented `X-API-Key` (trimmed), hashed once by the rate limiter; null without one. */
    apiKeyHash: Buffer | null;
    rate: RateDecision | null;
    /** Set by a paid call paid with credits; posted or voided by `postOnDelivery`. */
    heldCharge: HeldCharge | null;
  };
}
