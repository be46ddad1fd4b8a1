import { describe, expect, test } from 'vitest';
import { microsToCredits, priceOf } from './price-of.js';
import { PRICE_TABLE } from './price-table.js';
import { microsToUsd, usdToMicros } from './usd-micros.js';

describe('priceOf', () => {
  test('a call costs its USD price times 2000 credits', () => {
    expect(priceOf('screen')).toMatchObject({ usd: '0.001', micros: 1000, credits: 2, units: 1 });
    expect(priceOf('identity')).toMatchObject({ usd: '0.03', micros: 30_000, credits: 60 });
    expect(priceOf('analyze')).toMatchObject({ usd: '5', credits: 10_000 });
  });

  test('a paged route charges ceil(limit / page size) pages', () => {
    expect(priceOf('discover', { limit: 25 })).toMatchObject({ units: 1, usd: '0.01', credits: 20 });
    expect(priceOf('discover', { limit: 26 })).toMatchObject({ units: 2, usd: '0.02', credits: 40 });
    expect(priceOf('discover', { limit: 100 })).toMatchObject({ units: 4, usd: '0.04', credits: 80 });
    expect(priceOf('search', { limit: 1 })).toMatchObject({ units: 1, credits: 10 });
  });

  test('an unpaged route ignores limit', () => {
    expect(priceOf('screen', { limit: 500 }).units).toBe(1);
  });

  test('every table price converts to a whole number of credits', () => {
    for (const p of PRICE_TABLE) expect(Number.isInteger(microsToCredits(usdToMicros(p.usd)))).toBe(true);
  });

  test('the table follows Price B of the spec where the two lists differ', () => {
    const usd = Object.fromEntries(PRICE_TABLE.map((p) => [p.id, p.usd]));
    expect(usd).toMatchObject({
      inspect: '0.01',
      discover: '0.01',
      identity: '0.03',
      cohort: '0.03',
      wallet: '0.01',
    });
  });
});

describe('usd micros', () => {
  test('decimal strings round-trip exactly', () => {
    for (const s of ['0', '0.001', '0.025', '0.07', '5', '12.345678'])
      expect(microsToUsd(usdToMicros(s))).toBe(s);
    expect(usdToMicros('5.00')).toBe(5_000_000);
  });

  test('more than six decimals or a sign is refused', () => {
    expect(() => usdToMicros('0.0000001')).toThrow(RangeError);
    expect(() => usdToMicros('-1')).toThrow(RangeError);
  });
});
