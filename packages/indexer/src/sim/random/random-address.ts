import bs58 from 'bs58';
import { encodeBase58 } from '../../decode/encoding/encode-base58.js';
import type { Sfc32 } from './sfc32.js';

const key = new Uint8Array(32);

/**
 * A random Solana address: base58 of 32 PRNG bytes. With `suffix` (a vanity mint such as `…pump`),
 * the last characters are replaced and the draw repeats until the text still decodes to 32 bytes.
 */
export function randomAddress(rng: Sfc32, suffix?: string): string {
  for (;;) {
    for (let i = 0; i < 32; i += 4) {
      const x = rng.u32();
      key[i] = x >>> 24;
      key[i + 1] = (x >>> 16) & 0xff;
      key[i + 2] = (x >>> 8) & 0xff;
      key[i + 3] = x & 0xff;
    }
    const address = encodeBase58(key);
    if (!suffix) return address;
    const vanity = address.slice(0, address.length - suffix.length) + suffix;
    if (bs58.decode(vanity).length === 32) return vanity;
  }
}
