import { LruCache } from '@launchlens/engine/internal';
import { hashApiKey, looksLikeApiKey } from '../ledger/api-key.js';

/** A presented `X-API-Key` secret as the rate limiter and the ledger look it up. */
export interface PresentedKey {
  /** `hashApiKey(secret)`; shared by every call that presents the secret: never written to. */
  readonly hash: Buffer;
  /** The rate limiter's caller: `key:` and the hash in hex. */
  readonly caller: string;
}

/**
 * `hashApiKey` with its hex form, remembered for the `capacity` secrets presented most recently
 * (an `LruCache`). A funded key presents the same secret on every paid call, and hashing it again
 * each time cost ≈ 1.5 µs a call (bench/RESULTS.md). Hashing is a pure function, so nothing needs
 * forgetting when a key is rotated or revoked: whether a hash is a live key is still the ledger's
 * answer on every call. It holds secrets the process was sent anyway, at most `capacity` of them,
 * and only strings shaped like a key (51 characters): a header of any other shape is hashed per
 * call, so a client cannot fill the memo with long strings.
 */
export function rememberKeyHashes(capacity = 1024): (secret: string) => PresentedKey {
  const kept = new LruCache<string, PresentedKey>(capacity);
  return (secret) => {
    const hit = kept.get(secret);
    if (hit !== undefined) return hit;
    const hash = hashApiKey(secret);
    const presented = { hash, caller: `key:${hash.toString('hex')}` };
    if (looksLikeApiKey(secret)) kept.set(secret, presented);
    return presented;
  };
}
