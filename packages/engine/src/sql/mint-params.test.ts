import { describe, expect, it } from 'vitest';
import { mintParams } from './mint-params.js';

describe('mintParams', () => {
  it('binds each mint as its own parameter, in order', () => {
    expect(mintParams(['A', 'B', 'C'])).toEqual({
      list: '$m0, $m1, $m2',
      params: { m0: 'A', m1: 'B', m2: 'C' },
    });
  });

  it('gives an empty list as NULL, which matches no mint', () => {
    expect(mintParams([])).toEqual({ list: 'NULL', params: {} });
  });
});
