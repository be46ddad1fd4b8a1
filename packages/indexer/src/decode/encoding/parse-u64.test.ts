import { describe, expect, it } from 'vitest';
import { parseU64 } from './parse-u64.js';

describe('parseU64', () => {
  it('reads decimal strings exactly, above 2^53 too', () => {
    expect(parseU64('0')).toBe(0n);
    expect(parseU64('206900000000000')).toBe(206_900_000_000_000n);
    expect(parseU64('999999999999999')).toBe(999_999_999_999_999n);
    expect(parseU64('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(parseU64('18446744073709551615')).toBe(2n ** 64n - 1n);
    expect(parseU64('007')).toBe(7n);
  });

  it('refuses what is not a plain unsigned decimal', () => {
    for (const text of [
      '',
      ' 1',
      '-1',
      '1.5',
      '1e5',
      '0x10',
      '12a',
      '١٢',
      '18446744073709551615 ',
      12,
      null,
    ]) {
      expect(parseU64(text)).toBeNull();
    }
  });
});
