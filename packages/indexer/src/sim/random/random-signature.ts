import { BASE58_ALPHABET } from '../../decode/encoding/base58-alphabet.js';
import type { Sfc32 } from './sfc32.js';

const PAIRS = new Uint16Array(58 * 58);
for (let i = 0; i < 58; i++) {
  for (let j = 0; j < 58; j++) {
    PAIRS[i * 58 + j] = BASE58_ALPHABET.charCodeAt(i) | (BASE58_ALPHABET.charCodeAt(j) << 8);
  }
}
const bytes = new Uint8Array(88);
const pairs = new Uint16Array(bytes.buffer);
const text = Buffer.from(bytes.buffer);

/**
 * A random transaction signature: 88 base58 digits whose first digit is 1–4, so the text always
 * decodes to exactly 64 bytes (5·58^87 < 2^512 and 58^87 > 2^504). Drawn two digits per 16 random
 * bits (a fixed-point map, bias < 0.1 %): encoding 64 random bytes per event would cost more than
 * the rest of the event together.
 */
export function randomSignature(rng: Sfc32): string {
  for (let i = 0; i < 44; i += 2) {
    const x = rng.u32();
    pairs[i] = PAIRS[((x >>> 16) * 3364) >>> 16];
    pairs[i + 1] = PAIRS[((x & 0xffff) * 3364) >>> 16];
  }
  bytes[0] = BASE58_ALPHABET.charCodeAt(1 + (bytes[0] & 3));
  return text.toString('latin1', 0, 88);
}
