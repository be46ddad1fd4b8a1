import { DiscoverRequest, KolsRequest, SearchRequest } from '@launchlens/engine';
import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enumQuery, isSolanaAddress, numberQuery, textQuery } from './params.js';

// What the check was before the indexer's decoder: bs58 decodes the text to exactly 32 bytes.
const bs58Says = (value: string) => {
  if (value.length < 32 || value.length > 44) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
};
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('isSolanaAddress', () => {
  it('accepts 32-byte base58 and refuses other lengths and characters', () => {
    expect(isSolanaAddress('7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr')).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2h0')).toBe(false);
    expect(isSolanaAddress(bs58.encode(new Uint8Array(33).fill(255)))).toBe(false);
  });

  it('agrees with bs58 on encoded byte strings of 30–34 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 30, maxLength: 34 }), (bytes) => {
        const text = bs58.encode(bytes);
        expect(isSolanaAddress(text)).toBe(bs58Says(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with bs58 on random texts of 30–46 characters, some outside the alphabet', () => {
    const char = fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...ALPHABET) },
      { weight: 1, arbitrary: fc.constantFrom('0', 'O', 'I', 'l', ' ', 'é', 'σ') },
    );
    fc.assert(
      fc.property(fc.array(char, { minLength: 30, maxLength: 46 }), (chars) => {
        const text = chars.join('');
        expect(isSolanaAddress(text)).toBe(bs58Says(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('numberQuery', () => {
  it("takes the engine field's bounds, whole-number rule and default, from the query's text", () => {
    const limit = numberQuery('limit', KolsRequest.shape.limit);
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse('200')).toBe(200);
    for (const bad of ['0', '201', '2.5', 'ten']) expect(limit.safeParse(bad).success, bad).toBe(false);
    expect(limit.safeParse('ten').error?.issues[0].message).toBe('limit must be a number');
  });

  it('keeps an optional field optional and a fractional one fractional', () => {
    const rug = numberQuery('max_rug_pct', DiscoverRequest.shape.max_rug_pct);
    expect(rug.parse(undefined)).toBeUndefined();
    expect(rug.parse('12.5')).toBe(12.5);
    expect(rug.safeParse('101').success).toBe(false);
    const days = numberQuery('days', SearchRequest.shape.days);
    expect(days.parse('100000')).toBe(100000);
    expect(days.safeParse('-1').success).toBe(false);
  });

  it("takes an enum's values and default, and a string's trimmed length bounds", () => {
    const sort = enumQuery('sort', KolsRequest.shape.sort);
    expect(sort.parse(undefined)).toBe('profit');
    expect(sort.parse('activity')).toBe('activity');
    expect(sort.safeParse('loudest').success).toBe(false);
    const q = textQuery('q', SearchRequest.shape.q);
    expect(q.parse('  pepe ')).toBe('pepe');
    expect(q.parse(undefined)).toBeUndefined();
    for (const bad of ['   ', 'x'.repeat(65)]) expect(q.safeParse(bad).success).toBe(false);
  });

  it('refuses an engine field of another kind', () => {
    expect(() => numberQuery('flag', z.boolean())).toThrow(/not a number/);
  });
});
