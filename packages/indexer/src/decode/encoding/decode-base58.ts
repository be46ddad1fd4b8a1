import { BASE58_ALPHABET } from './base58-alphabet.js';

const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 58; i++) VALUES[BASE58_ALPHABET.charCodeAt(i)] = i;
const POWERS = [1, 58, 58 ** 2, 58 ** 3, 58 ** 4];
const LIMB = 2 ** 24;
const ONE = 49;

let limbs = new Float64Array(64);

/**
 * Decodes base58 (Bitcoin alphabet), or null when the text is not valid base58; the same bytes as
 * `bs58.decodeUnsafe` (a test checks it). Four digits at a time into 24-bit little-endian limbs (limb × 58^4
 * stays below 2^48, exact in a double) instead of bs58's digit-by-byte loop, ~5× faster on instruction data.
 */
export function decodeBase58(text: string): Uint8Array | null {
  const len = text.length;
  let zeros = 0;
  while (zeros < len && text.charCodeAt(zeros) === ONE) zeros++;
  if ((len >> 2) + 2 > limbs.length) limbs = new Float64Array((len >> 2) + 2);
  let n = 0;
  let i = zeros;
  let group = (len - zeros) & 3 || 4;
  while (i < len) {
    let value = 0;
    for (const end = i + group; i < end; i++) {
      const c = text.charCodeAt(i);
      const digit = c < 128 ? VALUES[c]! : -1;
      if (digit < 0) return null;
      value = value * 58 + digit;
    }
    const multiplier = POWERS[group]!;
    group = 4;
    let carry = value;
    for (let k = 0; k < n; k++) {
      const x = limbs[k]! * multiplier + carry;
      carry = Math.floor(x / LIMB);
      limbs[k] = x - carry * LIMB;
    }
    while (carry > 0) {
      const hi = Math.floor(carry / LIMB);
      limbs[n++] = carry - hi * LIMB;
      carry = hi;
    }
  }
  let top = n === 0 ? 0 : limbs[n - 1]!;
  const topBytes = n === 0 ? 0 : top >= 65536 ? 3 : top >= 256 ? 2 : 1;
  const out = new Uint8Array(zeros + (n === 0 ? 0 : (n - 1) * 3 + topBytes));
  let o = out.length - 1;
  for (let k = 0; k < n - 1; k++) {
    const limb = limbs[k]!;
    out[o--] = limb & 255;
    out[o--] = (limb >> 8) & 255;
    out[o--] = limb >> 16;
  }
  for (let b = 0; b < topBytes; b++) {
    out[o--] = top & 255;
    top >>= 8;
  }
  return out;
}
