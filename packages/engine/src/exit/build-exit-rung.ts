import type { ExitRung } from './exit-record.js';
import type { SwapQuoteResult } from './swap-quote.js';

export interface ExitRungInput {
  readonly size_usd: number;
  /** Lamports spent on the buy. */
  readonly sol_in_lamports: number;
  readonly buy: SwapQuoteResult;
  /** The sell of everything the buy returned; null when the buy had no route (never asked). */
  readonly sell: SwapQuoteResult | null;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** One ladder rung from its two quotes: retained = SOL back ÷ SOL in, as a percentage. */
export function buildExitRung(input: ExitRungInput): ExitRung {
  const { buy, sell } = input;
  const sol_in = round(input.sol_in_lamports / 1e9, 9);
  if (buy.kind === 'no_route' || sell === null || sell.kind === 'no_route') {
    const reason =
      buy.kind === 'no_route'
        ? `buy: ${buy.reason}`
        : sell === null
          ? 'sell: not quoted'
          : `sell: ${(sell as { reason: string }).reason}`;
    return {
      size_usd: input.size_usd,
      sol_in,
      buy_route: buy.kind === 'quote' ? [...buy.route] : null,
      sell_route: null,
      retained_pct: null,
      buy_price_impact_pct: buy.kind === 'quote' ? round(buy.price_impact_pct, 3) : null,
      sell_price_impact_pct: null,
      no_route_reason: reason,
    };
  }
  return {
    size_usd: input.size_usd,
    sol_in,
    buy_route: [...buy.route],
    sell_route: [...sell.route],
    retained_pct: round((100 * sell.out_raw) / input.sol_in_lamports, 2),
    buy_price_impact_pct: round(buy.price_impact_pct, 3),
    sell_price_impact_pct: round(sell.price_impact_pct, 3),
    no_route_reason: null,
  };
}
