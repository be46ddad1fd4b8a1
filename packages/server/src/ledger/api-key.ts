import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'll_live_';
const SECRET = /^ll_live_[0-9A-Za-z_-]{43}$/;

/** A new API key secret: a fixed prefix and 32 random bytes in base64url. */
export function generateApiKey(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

/** Whether a string has the shape of a key secret (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return SECRET.test(value);
}

/** SHA-256 of a key secret: the only form in which keys are stored. */
export function hashApiKey(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}

/** Constant-time comparison of two key hashes. */
export function sameKeyHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
