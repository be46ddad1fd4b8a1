import { describe, expect, it } from 'vitest';
import { countText } from './count-text.js';
import { isoTime, isoTimeOrNull } from './iso-time.js';
import { pctText } from './pct-text.js';
import { shortAddress } from './short-address.js';
import { solText } from './sol-text.js';
import { usdText } from './usd-text.js';

describe('sentence text helpers', () => {
  it('percentages carry one decimal and name missing values', () => {
    expect(pctText(12.345)).toBe('12.3%');
    expect(pctText(null)).toBe('n/a');
    expect(pctText(Number.NaN)).toBe('n/a');
  });

  it('SOL keeps two decimals under 100 and the sign', () => {
    expect(solText(12.345)).toBe('12.35 SOL');
    expect(solText(-0.4)).toBe('-0.40 SOL');
    expect(solText(1234.4)).toBe('1234 SOL');
  });

  it('USD is short with k/M/B', () => {
    expect(usdText(950)).toBe('$950');
    expect(usdText(12_345)).toBe('$12.3k');
    expect(usdText(4_560_000)).toBe('$4.56M');
    expect(usdText(-2_000)).toBe('-$2.0k');
    expect(usdText(null)).toBe('an unknown amount');
  });

  it('counts agree with their noun', () => {
    expect(countText(1, 'wallet')).toBe('1 wallet');
    expect(countText(3, 'wallet')).toBe('3 wallets');
    expect(countText(2, 'launch', 'launches')).toBe('2 launches');
    expect(countText(12_000, 'token')).toBe('12,000 tokens');
  });

  it('times are ISO-8601 UTC', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTimeOrNull(null)).toBeNull();
  });

  it('addresses shorten to first and last four', () => {
    expect(shortAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX…gAsU');
    expect(shortAddress('short')).toBe('short');
  });
});
