import bs58 from 'bs58';
import { BASE58_ALPHABET } from './base58-alphabet.js';
import type { Sfc32 } from './sfc32.js';

const CODES = Uint8Array.from(BASE58_ALPHABET, (c) => c.charCodeAt(0));
const HALF = 58 ** 3;
const CHUNK = HALF * HALF;

const limbs = new Float64Array(16);
const digits = new Uint8Array(54);
const chars = new Uint8Array(48);
const text = Buffer.from(chars.buffer);
const draw = new Uint16Array(16);

/**
 * Base58 of 32 bytes given as sixteen 16-bit big-endian limbs: the same text as `bs58.encode` of
 * those bytes (a test checks it), several times faster for this one width. Long division by 58^6:
 * the remainder times 2^16 stays below 2^53 and each quotient below 2^16, so every step is exact.
 */
function encodeLimbs(source: ArrayLike<number>): string {
  let start = 0;
  while (start < 16 && source[start] === 0) start++;
  let zeroBytes = start * 2;
  if (start < 16 && source[start] < 256) zeroBytes++;
  for (let i = 0; i < 16; i++) limbs[i] = source[i];
  let n = 0;
  while (start < 16) {
    let rem = 0;
    for (let i = start; i < 16; i++) {
      const cur = rem * 65536 + limbs[i];
      const q = (cur / CHUNK) | 0;
      limbs[i] = q;
      rem = cur - q * CHUNK;
    }
    while (start < 16 && limbs[start] === 0) start++;
    let hi = (rem / HALF) | 0;
    let lo = rem - hi * HALF;
    for (let k = 0; k < 3; k++) {
      const q = (lo / 58) | 0;
      digits[n++] = lo - q * 58;
      lo = q;
    }
    for (let k = 0; k < 3; k++) {
      const q = (hi / 58) | 0;
      digits[n++] = hi - q * 58;
      hi = q;
    }
  }
  while (n > 0 && digits[n - 1] === 0) n--;
  let len = 0;
  for (let i = 0; i < zeroBytes; i++) chars[len++] = 49;
  for (let i = n - 1; i >= 0; i--) chars[len++] = CODES[digits[i]];
  return text.toString('latin1', 0, len);
}

/**
 * A random Solana address: base58 of 32 PRNG bytes. With `suffix` (a vanity mint such as `…pump`),
 * the last characters are replaced and the draw repeats until the text still decodes to 32 bytes.
 */
export function randomAddress(rng: Sfc32, suffix?: string): string {
  for (;;) {
    for (let i = 0; i < 16; i += 2) {
      const x = rng.u32();
      draw[i] = x >>> 16;
      draw[i + 1] = x & 0xffff;
    }
    const address = encodeLimbs(draw);
    if (!suffix) return address;
    const vanity = address.slice(0, address.length - suffix.length) + suffix;
    if (bs58.decode(vanity).length === 32) return vanity;
  }
}
