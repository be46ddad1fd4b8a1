import { describe, expect, test } from 'vitest';
import { constantProductQuote } from './constant-product-quote.js';

describe('constantProductQuote', () => {
  test('a feeless swap follows x·y = k and its impact is n ÷ (R_in + n)', () => {
    const q = constantProductQuote({ reserve_in: 100, reserve_out: 1000, fee_bps: 0, venue: 'v' }, 100);
    expect(q).toEqual({ kind: 'quote', in_raw: 100, out_raw: 500, price_impact_pct: 50, route: ['v'] });
  });

  test('the fee comes off the input before the curve', () => {
    const q = constantProductQuote({ reserve_in: 1e12, reserve_out: 1e12, fee_bps: 100, venue: 'v' }, 1e6);
    expect(q.kind).toBe('quote');
    if (q.kind === 'quote') expect(q.out_raw).toBe(Math.floor((1e12 * 990_000) / (1e12 + 990_000)));
  });

  test('an empty pool has no route', () => {
    const q = constantProductQuote({ reserve_in: 0, reserve_out: 1000, fee_bps: 25, venue: 'pumpswap' }, 10);
    expect(q).toEqual({ kind: 'no_route', reason: 'the pumpswap pool holds no liquidity' });
  });
});
