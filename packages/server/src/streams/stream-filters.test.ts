import { expect, test } from 'vitest';
import { kolTradeFilter, migrationFilter, walletFilter } from './stream-filters.js';

const token = (over: Record<string, unknown>) => ({
  platform: 'pumpfun',
  mcap_at_analysis: 80_000,
  rug_risk: { verdict: 'elevated', rug_probability_pct: 60, score: 50 },
  ...over,
});

test('migration filters keep what discover keeps: platform, minimum market cap, and a scoreable rug rate at or under the bound', () => {
  const f = migrationFilter({ platform: 'letsbonk', min_mcap: 50_000, max_rug_pct: 60 });
  expect(f(token({ platform: 'letsbonk' }))).toBe(true);
  expect(f(token({}))).toBe(false);
  expect(f(token({ platform: 'letsbonk', mcap_at_analysis: 49_999 }))).toBe(false);
  expect(f(token({ platform: 'letsbonk', mcap_at_analysis: null }))).toBe(false);
  expect(f(token({ platform: 'letsbonk', rug_risk: { verdict: 'critical', rug_probability_pct: 61 } }))).toBe(
    false,
  );
  expect(f(token({ platform: 'letsbonk', rug_risk: null }))).toBe(false);
  expect(migrationFilter({})(token({ rug_risk: null }))).toBe(true);
});

test('KOL trade filters: watched wallets (none means every KOL), minimum SOL and side', () => {
  const trade = { kol: { wallet: 'A' }, sol: 2, side: 'BUY' };
  expect(kolTradeFilter({})(trade)).toBe(true);
  expect(kolTradeFilter({ watch: ['B'] })(trade)).toBe(false);
  expect(kolTradeFilter({ watch: ['B', 'A'], min_sol: 2, side: 'buy' })(trade)).toBe(true);
  expect(kolTradeFilter({ min_sol: 2.5 })(trade)).toBe(false);
  expect(kolTradeFilter({ side: 'sell' })(trade)).toBe(false);
});

test('the wallet filter passes only watched wallets', () => {
  const f = walletFilter(['W1', 'W2']);
  expect(f({ wallet: 'W2' })).toBe(true);
  expect(f({ wallet: 'W3' })).toBe(false);
});
