import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET } from './base58-alphabet.js';
import { decodeBase58 } from './decode-base58.js';

const orNull = (bytes: Uint8Array | undefined) => (bytes === undefined ? null : [...bytes]);

describe('decodeBase58', () => {
  it('decodes valid text and rejects characters outside the alphabet', () => {
    expect([...decodeBase58('Ldp')!]).toEqual([1, 2, 3]);
    expect(decodeBase58('0OIl')).toBeNull();
    expect(decodeBase58('abcé')).toBeNull();
    expect([...decodeBase58('')!]).toEqual([]);
    expect([...decodeBase58('111')!]).toEqual([0, 0, 0]);
  });

  it('gives the same bytes (or rejection) as bs58 for random texts up to 300 characters', () => {
    let seed = 11;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    for (let t = 0; t < 3000; t++) {
      const len = next() % 300;
      const ones = next() % 4 === 0 ? next() % 6 : 0;
      let text = '';
      for (let i = 0; i < len; i++) text += i < ones ? '1' : BASE58_ALPHABET[next() % 58];
      if (t % 50 === 0 && len > 0)
        text = `${text.slice(0, len >> 1)}${'0OIl+ é'[next() % 7]}${text.slice(len >> 1)}`;
      expect(orNull(decodeBase58(text) ?? undefined)).toEqual(orNull(bs58.decodeUnsafe(text)));
    }
  });

  it('round-trips bytes encoded by bs58, leading zero bytes included', () => {
    for (let len = 0; len <= 130; len++) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i < len % 4 ? 0 : (i * 151 + len) & 255));
      expect([...decodeBase58(bs58.encode(bytes))!]).toEqual([...bytes]);
    }
  });
});
