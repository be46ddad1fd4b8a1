import { describe, expect, it } from 'vitest';
import { ConstantProductPool } from './constant-product-pool.js';

const fresh = () => new ConstantProductPool(85e9, 206.9e12, 20, 5);

describe('ConstantProductPool', () => {
  it('never lets the reserve product fall, so a round trip loses the fees', () => {
    const pool = fresh();
    const k0 = pool.sol * pool.token;
    const bought = pool.buy(5e9);
    expect(pool.sol * pool.token).toBeGreaterThanOrEqual(k0);
    const back = pool.sell(bought.tokenRaw);
    expect(back.solLamports).toBeLessThan(5e9);
    expect(back.solLamports).toBeGreaterThan(5e9 * 0.99);
  });

  it('moves the price by about the asked ratio with solToMove / tokensToMove', () => {
    const up = fresh();
    const p0 = up.price;
    up.buy(up.solToMove(2));
    expect(up.price / p0).toBeGreaterThan(1.98);
    expect(up.price / p0).toBeLessThan(2.0);
    const down = fresh();
    down.sell(down.tokensToMove(0.1));
    expect(down.price / p0).toBeGreaterThan(0.1);
    expect(down.price / p0).toBeLessThan(0.102);
  });
});
