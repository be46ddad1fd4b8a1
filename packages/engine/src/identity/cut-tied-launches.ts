import type { TiedLaunchRow } from './build-tied-launches-sql.js';

/** One precomputed tie of `ix_tie_facts`: the other launch with its outcome and path summary and their times (epoch ms). */
export interface IndexedTie {
  readonly mint: string;
  readonly symbol: string | null;
  readonly analyzed_at: number;
  readonly same_creator: boolean;
  readonly shared_wallets: number;
  readonly shared_insiders: number;
  readonly settled_at: number | null;
  readonly rugged: boolean | null;
  readonly reached_2x: boolean | null;
  readonly reached_5x: boolean | null;
  readonly peak_gain_pct: number | null;
  readonly peak_mcap_usd: number | null;
  readonly path_last_tick_at: number | null;
  readonly path_peak_mcap_usd: number | null;
}

/** The order of `buildTiedLaunchesSql`: same creator, most shared insiders, most shared wallets, newest. */
function compareTied(a: TiedLaunchRow, b: TiedLaunchRow): number {
  return (
    Number(b.same_creator) - Number(a.same_creator) ||
    b.shared_insiders - a.shared_insiders ||
    b.shared_wallets - a.shared_wallets ||
    b.analyzed_at - a.analyzed_at ||
    (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0)
  );
}

/**
 * The rows `buildTiedLaunchesSql` returns up to `until` (epoch ms), from a token's precomputed
 * ties: launches analysed later are dropped, outcome fields are null unless settled by `until`, and
 * the peak falls back to the path summary's when its last tick is by `until`; in the same order.
 */
export function cutTiedLaunches(ties: readonly IndexedTie[], until: number): TiedLaunchRow[] {
  const rows: TiedLaunchRow[] = [];
  for (const t of ties) {
    if (t.analyzed_at > until) continue;
    const settled = t.settled_at !== null && t.settled_at <= until;
    const pathKnown = t.path_last_tick_at === null || t.path_last_tick_at <= until;
    rows.push({
      mint: t.mint,
      symbol: t.symbol,
      analyzed_at: t.analyzed_at,
      same_creator: t.same_creator,
      shared_wallets: t.shared_wallets,
      shared_insiders: t.shared_insiders,
      rugged: settled ? t.rugged : null,
      reached_2x: settled ? t.reached_2x : null,
      reached_5x: settled ? t.reached_5x : null,
      peak_gain_pct: settled ? t.peak_gain_pct : null,
      peak_mcap_usd: settled ? t.peak_mcap_usd : pathKnown ? t.path_peak_mcap_usd : null,
    });
  }
  return rows.sort(compareTied);
}
