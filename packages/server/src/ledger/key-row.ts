import { ServerError } from '../errors/server-error.js';
import type { KeyRecord } from './ledger.js';

/** A `keys` row as both ledgers store it: the record plus the secret's SHA-256. */
export interface KeyRow {
  id: string;
  hash: Buffer;
  credits: number;
  held: number;
  plan: string | null;
  owner: string | null;
  created_at: number;
  rotated_at: number | null;
}

/** The row without its hash: what leaves the ledger. */
export const keyRecordOf = ({ hash: _hash, ...r }: KeyRow): KeyRecord => r;

/** Credits granted or minted are a whole number ≥ 0. */
export function checkCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits < 0) {
    throw new ServerError('invalid_input', `credits must be a whole number ≥ 0, got ${credits}`);
  }
}

/** Why `credits` cannot be debited or reserved (not a whole number > 0), or null when it can. */
export function debitCreditsError(credits: number): Error | null {
  return Number.isSafeInteger(credits) && credits > 0
    ? null
    : new Error(`a debit must be a positive whole number of credits, got ${credits}`);
}
