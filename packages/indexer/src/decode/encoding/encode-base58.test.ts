import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './encode-base58.js';

function* byteStrings(): Generator<Uint8Array> {
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  for (let len = 0; len <= 140; len++) {
    yield new Uint8Array(len);
    yield new Uint8Array(len).fill(255);
    for (let t = 0; t < 8; t++) {
      const bytes = new Uint8Array(len);
      const zeros = t < 3 ? t : 0;
      for (let i = zeros; i < len; i++) bytes[i] = next() & 255;
      yield bytes;
    }
  }
}

describe('encodeBase58', () => {
  it('writes the same text as bs58 for every length up to 140 bytes, leading zeros included', () => {
    for (const bytes of byteStrings()) expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
  });

  it('writes the same text as bs58 for 32-byte keys (its own path), with and without leading zero bytes', () => {
    let seed = 5;
    for (let t = 0; t < 2000; t++) {
      const key = new Uint8Array(32);
      for (let i = 0; i < 32; i++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        key[i] = seed >>> 24;
      }
      key.fill(t % 7 === 0 ? 255 : 0, 0, t % 40);
      expect(encodeBase58(key)).toBe(bs58.encode(key));
    }
  });

  it('encodes known Solana addresses', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    const wsol = bs58.decode('So11111111111111111111111111111111111111112');
    expect(encodeBase58(wsol)).toBe('So11111111111111111111111111111111111111112');
    expect(encodeBase58(new Uint8Array(0))).toBe('');
  });

  it('encodes a range of a larger buffer like the same bytes on their own', () => {
    const bytes = Uint8Array.from({ length: 80 }, (_, i) => (i % 9 === 0 ? 0 : (i * 73) & 255));
    for (const [start, end] of [
      [0, 32],
      [9, 41],
      [18, 50],
      [45, 80],
      [7, 7],
    ] as const) {
      expect(encodeBase58(bytes, start, end)).toBe(bs58.encode(bytes.subarray(start, end)));
    }
  });
});
