import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { randomAddress } from './random-address.js';
import { randomSignature } from './random-signature.js';
import { Sfc32 } from './sfc32.js';

describe('randomAddress', () => {
  it('is the base58 text of 32 bytes (round-trips through bs58)', () => {
    const rng = new Sfc32(1);
    for (let i = 0; i < 20_000; i++) {
      const address = randomAddress(rng);
      const bytes = bs58.decode(address);
      expect(bytes.length).toBe(32);
      expect(bs58.encode(bytes)).toBe(address);
    }
  });

  it('encodes leading zero bytes as leading 1s, like bs58', () => {
    // About one draw in 256 starts with a zero byte.
    const rng = new Sfc32(5);
    let seen = 0;
    for (let i = 0; i < 200_000 && seen < 3; i++) {
      const a = randomAddress(rng);
      if (a.startsWith('1')) {
        seen++;
        expect(bs58.encode(bs58.decode(a))).toBe(a);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('ends vanity mints with their suffix and still decodes to 32 bytes', () => {
    const rng = new Sfc32(2);
    for (const suffix of ['pump', 'bonk']) {
      for (let i = 0; i < 2000; i++) {
        const mint = randomAddress(rng, suffix);
        expect(mint.endsWith(suffix)).toBe(true);
        expect(bs58.decode(mint).length).toBe(32);
      }
    }
  });
});

describe('randomSignature', () => {
  it('always decodes to 64 bytes and does not repeat', () => {
    const rng = new Sfc32(3);
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const sig = randomSignature(rng);
      expect(bs58.decode(sig).length).toBe(64);
      seen.add(sig);
    }
    expect(seen.size).toBe(20_000);
  });
});
