/** A take-profit / time-stop exit with per-side trading costs, all stated as assumptions. */
export interface ExitRule {
  /** Sell when the quoted price reaches this multiple of the entry quote (2 = a 2x). */
  readonly take_profit_multiple: number;
  /** Otherwise sell at the last quoted price this many seconds after entry. */
  readonly max_hold_s: number;
  /** Fee paid on each side, % of the traded value (pool fee, priority fee, tips). */
  readonly fee_pct: number;
  /** Price slippage on each side, %: a buy fills above the quote, a sell below it. */
  readonly slippage_pct: number;
}

export interface PricePoint {
  /** Epoch ms. */
  readonly at: number;
  readonly price_usd: number;
}

export type ExitTrade =
  | {
      readonly kind: 'closed';
      readonly exit_reason: 'take_profit' | 'max_hold';
      readonly entry_at: number;
      readonly exit_at: number;
      readonly held_s: number;
      /** Quoted prices (before slippage and fees). */
      readonly entry_price_usd: number;
      readonly exit_price_usd: number;
      /** exit quote ÷ entry quote − 1, in %. */
      readonly gross_return_pct: number;
      /** After slippage and fees on both sides, in %. */
      readonly net_return_pct: number;
    }
  | {
      readonly kind: 'open';
      /** The price record ends before the holding period does, and the target was not reached. */
      readonly reason: string;
    };

/**
 * Replays an exit rule over a price path: buy at the entry quote; sell at the take-profit price
 * at the first later point whose quote reaches it (a resting limit order, so never above the
 * target), else at the last quote at or before entry + `max_hold_s`. Points must be in time
 * order; `dataThrough` is the end of the price record (a trade still running then is `open`).
 */
export function simulateExitRule(
  entry: PricePoint,
  path: readonly PricePoint[],
  rule: ExitRule,
  dataThrough: number,
): ExitTrade {
  checkRule(rule);
  if (!(entry.price_usd > 0)) throw new RangeError(`entry price must be positive, got ${entry.price_usd}`);
  const deadline = entry.at + rule.max_hold_s * 1000;
  const target = entry.price_usd * rule.take_profit_multiple;
  let last = entry.price_usd;
  let previousAt = Number.NEGATIVE_INFINITY;
  for (const point of path) {
    if (point.at < previousAt) throw new RangeError(`price points are not in time order at ${point.at}`);
    previousAt = point.at;
    if (point.at <= entry.at) continue;
    if (point.at > deadline) break;
    if (point.price_usd >= target) return closed(entry, point.at, target, 'take_profit', rule);
    last = point.price_usd;
  }
  if (deadline > dataThrough) {
    return {
      kind: 'open',
      reason: `the price record ends ${Math.round((deadline - dataThrough) / 1000)} s before the holding period does`,
    };
  }
  return closed(entry, deadline, last, 'max_hold', rule);
}

function closed(
  entry: PricePoint,
  exitAt: number,
  exitPrice: number,
  reason: 'take_profit' | 'max_hold',
  rule: ExitRule,
): ExitTrade {
  const slip = rule.slippage_pct / 100;
  const fee = rule.fee_pct / 100;
  const cost = entry.price_usd * (1 + slip) * (1 + fee);
  const proceeds = exitPrice * (1 - slip) * (1 - fee);
  return {
    kind: 'closed',
    exit_reason: reason,
    entry_at: entry.at,
    exit_at: exitAt,
    held_s: (exitAt - entry.at) / 1000,
    entry_price_usd: entry.price_usd,
    exit_price_usd: exitPrice,
    gross_return_pct: 100 * (exitPrice / entry.price_usd - 1),
    net_return_pct: 100 * (proceeds / cost - 1),
  };
}

function checkRule(rule: ExitRule): void {
  if (!(rule.take_profit_multiple > 1))
    throw new RangeError(`take_profit_multiple must be above 1, got ${rule.take_profit_multiple}`);
  if (!(rule.max_hold_s > 0)) throw new RangeError(`max_hold_s must be positive, got ${rule.max_hold_s}`);
  for (const key of ['fee_pct', 'slippage_pct'] as const) {
    if (!(rule[key] >= 0 && rule[key] < 100))
      throw new RangeError(`${key} must be in [0, 100), got ${rule[key]}`);
  }
}
