import type { HolderRow } from '@launchlens/engine';
import type { HolderCapture } from './capture-holders.js';

export interface HolderDifference {
  readonly wallet: string;
  /** null: the side does not list the wallet. */
  readonly builder_pct: number | null;
  readonly chain_pct: number | null;
}

export interface HolderCheck {
  readonly mint: string;
  readonly migration_slot: number;
  readonly capture_slot: number;
  readonly method: 'largest' | 'program_accounts';
  /** Wallets on either side that the check could judge. */
  readonly compared: number;
  readonly matched: number;
  /** Balances that differ by more than the tolerance, or wallets one side lacks. */
  readonly differences: readonly HolderDifference[];
}

export interface CheckHoldersOptions {
  readonly migrationSlot: number;
  /** Owners that are not holders: the curve, the pool and its authority, the incinerator. */
  readonly exclude: ReadonlySet<string>;
  /** Largest |builder − chain| in supply percentage points still counted as a match (default 0.01). */
  readonly tolerancePct?: number;
}

/**
 * Compares the builder's holder rows at migration with token accounts read from the chain. With the
 * `largest` method (top 20 accounts) wallets the builder holds below the smallest captured one are not judged.
 */
export function checkHolders(
  rows: readonly HolderRow[],
  capture: Extract<HolderCapture, { kind: 'captured' }>,
  options: CheckHoldersOptions,
): HolderCheck {
  const tolerance = options.tolerancePct ?? 0.01;
  const chain = new Map<string, number>();
  for (const h of capture.holdings) {
    if (options.exclude.has(h.owner) || h.amount_raw <= 0) continue;
    chain.set(h.owner, (chain.get(h.owner) ?? 0) + (100 * h.amount_raw) / capture.supply_raw);
  }
  const builder = new Map<string, number>();
  for (const r of rows)
    if (r.supply_pct > 0 && !options.exclude.has(r.wallet)) builder.set(r.wallet, r.supply_pct);
  const partial = capture.method === 'largest' && capture.holdings.length >= 20;
  const floor = partial
    ? Math.min(...capture.holdings.map((h) => (100 * h.amount_raw) / capture.supply_raw))
    : 0;
  const differences: HolderDifference[] = [];
  let compared = 0;
  let matched = 0;
  for (const [wallet, chainPct] of chain) {
    compared++;
    const builderPct = builder.get(wallet) ?? null;
    if (builderPct !== null && Math.abs(builderPct - chainPct) <= tolerance) matched++;
    else differences.push({ wallet, builder_pct: builderPct, chain_pct: chainPct });
  }
  for (const [wallet, builderPct] of builder) {
    if (chain.has(wallet) || builderPct < floor) continue;
    compared++;
    differences.push({ wallet, builder_pct: builderPct, chain_pct: null });
  }
  differences.sort((a, b) => (a.wallet < b.wallet ? -1 : 1));
  return {
    mint: capture.mint,
    migration_slot: options.migrationSlot,
    capture_slot: capture.slot,
    method: capture.method,
    compared,
    matched,
    differences,
  };
}
