import type { KolRow } from '../tables/kol-row.js';

/** What the KOL leaderboard is computed from: the tracked KOLs, their trades and when each mint's outcome settled. */
export interface KolLedger {
  readonly kols: readonly KolRow[];
  readonly trades: readonly {
    readonly wallet: string;
    readonly mint: string;
    readonly at: number;
    readonly sol: number;
    readonly realized_sol: number;
  }[];
  /** Mint → when its outcome settled (epoch ms). */
  readonly settled_at: ReadonlyMap<string, number>;
}
