import { describe, expect, test } from 'vitest';
import { buildExitRung } from './build-exit-rung.js';
import { constantProductQuote } from './constant-product-quote.js';
import type { ExitRung } from './exit-record.js';
import { exitVerdictOf } from './exit-verdict-of.js';

const SOL = 1e9;
const SOL_USD = 200;

/** The ladder at 100 and 1000 USD on a constructed pool with per-side fees. */
function ladderOn(pool: { sol: number; token: number; buyFeeBps: number; sellFeeBps: number }): ExitRung[] {
  return [100, 1000].map((size_usd) => {
    const lamports = Math.round((size_usd / SOL_USD) * SOL);
    const buy = constantProductQuote(
      { reserve_in: pool.sol, reserve_out: pool.token, fee_bps: pool.buyFeeBps, venue: 'pool' },
      lamports,
    );
    // Both quotes read the pool as it is now (nothing executes), as an aggregator's quotes do.
    const sell =
      buy.kind === 'quote'
        ? constantProductQuote(
            { reserve_in: pool.token, reserve_out: pool.sol, fee_bps: pool.sellFeeBps, venue: 'pool' },
            buy.out_raw,
          )
        : null;
    return buildExitRung({ size_usd, sol_in_lamports: lamports, buy, sell });
  });
}

describe('exit verdict on constructed pools', () => {
  test('a deep pool (500 SOL) with 25 bps fees is clear', () => {
    const exit = exitVerdictOf(ladderOn({ sol: 500 * SOL, token: 2e14, buyFeeBps: 25, sellFeeBps: 25 }));
    expect(exit.verdict).toBe('clear');
    expect(exit.action).toBe('clear');
    expect(exit.worst_retained_pct).toBeGreaterThan(97);
    expect(exit.worst_retained_pct).toBe(exit.ladder[1].retained_pct);
  });

  test('a freshly migrated 85 SOL pool is clear although the 1000 USD rung loses more than the 100 USD one', () => {
    const exit = exitVerdictOf(ladderOn({ sol: 85 * SOL, token: 2.07e14, buyFeeBps: 25, sellFeeBps: 25 }));
    expect(exit.ladder[0].retained_pct).toBeGreaterThan(exit.ladder[1].retained_pct!);
    expect(exit.verdict).toBe('clear');
  });

  test('a 20 % sell tax makes the exit elevated although the pool is deep', () => {
    const exit = exitVerdictOf(ladderOn({ sol: 500 * SOL, token: 2e14, buyFeeBps: 25, sellFeeBps: 2000 }));
    expect(exit.verdict).toBe('elevated');
    expect(exit.action).toBe('caution');
  });

  test('a 40 % sell tax is thin, a 70 % one is trapped', () => {
    expect(
      exitVerdictOf(ladderOn({ sol: 500 * SOL, token: 2e14, buyFeeBps: 25, sellFeeBps: 4000 })).verdict,
    ).toBe('thin');
    const trapped = exitVerdictOf(ladderOn({ sol: 500 * SOL, token: 2e14, buyFeeBps: 25, sellFeeBps: 7000 }));
    expect(trapped.verdict).toBe('trapped');
    expect(trapped.action).toBe('avoid');
  });

  test('a pool with no SOL left blocks the exit and names the leg', () => {
    const exit = exitVerdictOf(ladderOn({ sol: 0, token: 2e14, buyFeeBps: 25, sellFeeBps: 25 }));
    expect(exit.verdict).toBe('blocked');
    expect(exit.worst_retained_pct).toBeNull();
    expect(exit.ladder[0].no_route_reason).toBe('buy: the pool pool holds no liquidity');
  });

  test('the verdict follows the worst rung: a 20 SOL pool is clear at 100 USD but thin at 1000', () => {
    const exit = exitVerdictOf(ladderOn({ sol: 20 * SOL, token: 5e14, buyFeeBps: 25, sellFeeBps: 25 }));
    expect(exit.ladder[0].retained_pct).toBeGreaterThanOrEqual(85);
    expect(exit.ladder[1].retained_pct).toBeLessThan(70);
    expect(exit.verdict).toBe('thin');
  });

  test('an empty ladder is refused', () => {
    expect(() => exitVerdictOf([])).toThrow(RangeError);
  });
});
