import type { SwapQuoteResult } from './swap-quote.js';

/** Reserves of a constant-product pool on the two sides of one swap, and its total fee. */
export interface ConstantProductSide {
  /** Reserve of the token going in, and of the token coming out (raw units). */
  readonly reserve_in: number;
  readonly reserve_out: number;
  /** Total swap fee taken off the input, in basis points. */
  readonly fee_bps: number;
  readonly venue: string;
}

/**
 * Quotes `amountIn` through an x·y = k pool with the fee taken off the input:
 * out = ⌊R_out · n ÷ (R_in + n)⌋ with n = in · (1 − fee). Price impact (fees excluded) is
 * 1 − (out ÷ n) ÷ (R_out ÷ R_in) = n ÷ (R_in + n).
 */
export function constantProductQuote(pool: ConstantProductSide, amountIn: number): SwapQuoteResult {
  if (!(pool.reserve_in > 0) || !(pool.reserve_out > 0)) {
    return { kind: 'no_route', reason: `the ${pool.venue} pool holds no liquidity` };
  }
  if (!(amountIn > 0)) return { kind: 'no_route', reason: 'nothing to swap' };
  const net = amountIn * (1 - pool.fee_bps / 10_000);
  const out = Math.floor((pool.reserve_out * net) / (pool.reserve_in + net));
  if (out <= 0) return { kind: 'no_route', reason: `the ${pool.venue} pool returns nothing for this size` };
  return {
    kind: 'quote',
    in_raw: Math.floor(amountIn),
    out_raw: out,
    price_impact_pct: (100 * net) / (pool.reserve_in + net),
    route: [pool.venue],
  };
}
