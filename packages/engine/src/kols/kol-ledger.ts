import type { KolRow } from '../tables/kol-row.js';

/** One KOL's trades in one token, in the order they were recorded (parallel columns). */
export interface KolTokenTrades {
  readonly mint: string;
  readonly at: readonly number[];
  readonly sol: readonly number[];
  readonly realized_sol: readonly number[];
}

/** What the KOL leaderboard is computed from: the tracked KOLs, their trades and when each mint's outcome settled. */
export interface KolLedger {
  readonly kols: readonly KolRow[];
  /** Wallet → its tokens in order of first trade, each with its trades. */
  readonly trades: ReadonlyMap<string, readonly KolTokenTrades[]>;
  /** Mint → when its outcome settled (epoch ms). */
  readonly settled_at: ReadonlyMap<string, number>;
}
