import { describe, expect, it } from 'vitest';
import { randomAddress } from '../sim/random-address.js';
import { Sfc32 } from '../sim/sfc32.js';
import { AddressIndex } from './address-index.js';

describe('AddressIndex', () => {
  it('numbers strings like a Map in order of first sight, across rehashes and pages', () => {
    const rng = new Sfc32(5, 9);
    const pool = Array.from({ length: 60_000 }, () => randomAddress(rng));
    const index = new AddressIndex();
    const reference = new Map<string, number>();
    for (let i = 0; i < 150_000; i++) {
      const s = pool[rng.int(pool.length)];
      if (!reference.has(s)) reference.set(s, reference.size);
      expect(index.intern(s)).toBe(reference.get(s));
    }
    expect(index.size).toBe(reference.size);
    for (const [s, id] of reference) {
      expect(index.get(id)).toBe(s);
      expect(index.find(s)).toBe(id);
    }
    expect(index.find('not seen')).toBe(-1);
  });

  it('keeps strings that are not short Latin-1 (long, wide, empty) beside the others', () => {
    const index = new AddressIndex();
    const odd = ['', 'x'.repeat(300), 'ƒunder', 'ÿ', 'a'];
    const ids = odd.map((s) => index.intern(s));
    expect(ids).toEqual([0, 1, 2, 3, 4]);
    expect(odd.map((s) => index.intern(s))).toEqual(ids);
    expect(ids.map((id) => index.get(id))).toEqual(odd);
  });
});
