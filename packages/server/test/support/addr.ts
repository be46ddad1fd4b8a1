import { createHash } from 'node:crypto';
import bs58 from 'bs58';

/** A valid 32-byte base58 test address, stable and unique per (kind, n). */
export function addr(kind: string, n: number): string {
  return bs58.encode(createHash('sha256').update(`${kind}:${n}`).digest());
}
