/**
 * Verdict thresholds on the worst rung's `retained_pct`: the SOL that a buy quote followed by a
 * sell quote of what it bought returns, both read from the pool as it is. On a constant-product
 * pool holding S SOL a rung of n SOL retains ≈ S ÷ (S + 2n) before fees, so `clear` (≥ 85) means
 * the pool holds ≳ 6× the rung on its SOL side — a freshly migrated 85 SOL pool is clear at
 * 1000 USD — and `trapped` (< 40) means more than 60 % is lost on the way in and out.
 */
export const EXIT_THRESHOLDS = {
  /** At or above: `clear`. */
  clear_min_retained_pct: 85,
  /** At or above (and below clear): `elevated`. */
  elevated_min_retained_pct: 70,
  /** At or above (and below elevated): `thin`; below: `trapped`. */
  thin_min_retained_pct: 40,
} as const;
