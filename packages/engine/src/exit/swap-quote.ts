/**
 * One swap quote: `in_raw` of the input mint buys `out_raw` of the output mint along `route`
 * (venue labels). `price_impact_pct` is how far the fill sits below the pre-trade spot price,
 * 0–100, fees excluded.
 */
export interface SwapQuote {
  readonly kind: 'quote';
  readonly in_raw: number;
  readonly out_raw: number;
  readonly price_impact_pct: number;
  readonly route: readonly string[];
}

/** No route could fill the swap (no pool, no liquidity, a venue refusing the token). */
export interface NoRoute {
  readonly kind: 'no_route';
  readonly reason: string;
}

export type SwapQuoteResult = SwapQuote | NoRoute;
