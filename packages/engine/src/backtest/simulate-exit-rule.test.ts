import { describe, expect, it } from 'vitest';
import { type ExitRule, simulateExitRule } from './simulate-exit-rule.js';

const T0 = Date.UTC(2026, 8, 1);
const S = 1000;
const rule: ExitRule = { take_profit_multiple: 2, max_hold_s: 6 * 3600, fee_pct: 0, slippage_pct: 0 };
const entry = { at: T0, price_usd: 1 };
const at = (s: number, price_usd: number) => ({ at: T0 + s * S, price_usd });
const end = T0 + 24 * 3600 * S;

describe('simulateExitRule', () => {
  it('takes profit at the target price at the first point that reaches it', () => {
    const trade = simulateExitRule(entry, [at(5, 1.5), at(10, 2.4), at(15, 3)], rule, end);
    expect(trade).toMatchObject({ kind: 'closed', exit_reason: 'take_profit', exit_at: T0 + 10 * S });
    if (trade.kind !== 'closed') throw new Error('expected a closed trade');
    expect(trade.exit_price_usd).toBe(2);
    expect(trade.gross_return_pct).toBeCloseTo(100, 10);
    expect(trade.held_s).toBe(10);
  });

  it('sells at the last price seen before the holding period ends when the target is never reached', () => {
    const trade = simulateExitRule(entry, [at(60, 1.9), at(3600, 0.4), at(7 * 3600, 5)], rule, end);
    expect(trade).toMatchObject({
      kind: 'closed',
      exit_reason: 'max_hold',
      exit_at: T0 + 6 * 3600 * S,
      exit_price_usd: 0.4,
    });
  });

  it('ignores points at or before the entry moment', () => {
    const trade = simulateExitRule(entry, [at(-5, 9), at(0, 9), at(30, 1.1)], rule, end);
    expect(trade).toMatchObject({ kind: 'closed', exit_reason: 'max_hold', exit_price_usd: 1.1 });
  });

  it('charges slippage and fees on both sides', () => {
    const costly = { ...rule, fee_pct: 1, slippage_pct: 2 };
    const trade = simulateExitRule(entry, [at(10, 2)], costly, end);
    if (trade.kind !== 'closed') throw new Error('expected a closed trade');
    // buy at 1 × 1.02 × 1.01, sell at 2 × 0.98 × 0.99
    expect(trade.net_return_pct).toBeCloseTo(100 * ((2 * 0.98 * 0.99) / (1.02 * 1.01) - 1), 10);
    expect(trade.gross_return_pct).toBeCloseTo(100, 10);
  });

  it('leaves a trade open when the price record ends before the holding period without a take-profit', () => {
    const trade = simulateExitRule(entry, [at(60, 1.2)], rule, T0 + 3600 * S);
    expect(trade).toMatchObject({ kind: 'open' });
    const won = simulateExitRule(entry, [at(60, 2.5)], rule, T0 + 3600 * S);
    expect(won).toMatchObject({ kind: 'closed', exit_reason: 'take_profit' });
  });

  it('holds the entry price when nothing trades after entry', () => {
    const trade = simulateExitRule(entry, [], { ...rule, fee_pct: 0.5 }, end);
    if (trade.kind !== 'closed') throw new Error('expected a closed trade');
    expect(trade.gross_return_pct).toBe(0);
    expect(trade.net_return_pct).toBeLessThan(0);
  });

  it('refuses points out of time order, a non-positive entry price and impossible rules', () => {
    expect(() => simulateExitRule(entry, [at(10, 1), at(5, 1)], rule, end)).toThrow(/time order/);
    expect(() => simulateExitRule({ at: T0, price_usd: 0 }, [], rule, end)).toThrow(/entry price/);
    expect(() => simulateExitRule(entry, [], { ...rule, take_profit_multiple: 1 }, end)).toThrow(
      /take_profit_multiple/,
    );
    expect(() => simulateExitRule(entry, [], { ...rule, fee_pct: 100 }, end)).toThrow(/fee_pct/);
  });
});
