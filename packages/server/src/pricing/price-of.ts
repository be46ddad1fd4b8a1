import {
  CREDITS_PER_USD,
  MICROS_PER_USD,
  PRICE_TABLE,
  type PricedRouteId,
  type RoutePrice,
} from './price-table.js';
import { microsToUsd, usdToMicros } from './usd-micros.js';

/** The price of one call: what is charged in credits or in USDC base units (`micros`). */
export interface CallPrice {
  readonly route: RoutePrice;
  readonly units: number;
  readonly micros: number;
  readonly usd: string;
  readonly credits: number;
}

const BY_ID = new Map<string, RoutePrice>(PRICE_TABLE.map((p) => [p.id, p]));
const MEMO = new Map<string, CallPrice>();

/** Credits for an amount of micro-USD at the base rate; every table price converts exactly. */
export function microsToCredits(micros: number): number {
  return (micros * CREDITS_PER_USD) / MICROS_PER_USD;
}

/** The price entry of a route id; throws on an id that is not in the table (a programming error). */
export function routePrice(id: PricedRouteId): RoutePrice {
  const p = BY_ID.get(id);
  if (!p) throw new Error(`no price for route ${id}`);
  return p;
}

/** Prices one call; a paged route given `limit` costs `ceil(limit / pageSize)` pages. */
export function priceOf(id: PricedRouteId, options: { readonly limit?: number } = {}): CallPrice {
  const route = routePrice(id);
  const units =
    route.pageSize !== undefined && options.limit !== undefined
      ? Math.max(1, Math.ceil(options.limit / route.pageSize))
      : 1;
  const memo = `${id}:${units}`;
  let price = MEMO.get(memo);
  if (!price) {
    const micros = usdToMicros(route.usd) * units;
    price = { route, units, micros, usd: microsToUsd(micros), credits: microsToCredits(micros) };
    MEMO.set(memo, price);
  }
  return price;
}
