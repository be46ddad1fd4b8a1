import type { ChainEvent } from '@launchlens/indexer';

/** A bonding curve as the chain holds it (raw token units, lamports). */
export interface CurveState {
  readonly virtual_sol_lamports: number;
  readonly virtual_token_raw: number;
  readonly real_sol_lamports: number;
  readonly complete: boolean;
}

/** A constant-product pool of SOL against the token, with its swap fee. */
export interface PoolState {
  readonly address: string;
  readonly venue: string;
  readonly sol_lamports: number;
  readonly token_raw: number;
  readonly fee_bps: number;
}

/** What the chain says about a mint at `at` (epoch ms of the read). */
export type TokenState =
  | { readonly kind: 'unknown'; readonly mint: string; readonly at: number; readonly reason: string }
  | {
      readonly kind: 'curve';
      readonly mint: string;
      readonly at: number;
      readonly platform: 'pumpfun' | 'letsbonk';
      readonly supply_raw: number;
      readonly decimals: number;
      readonly curve: CurveState;
    }
  | {
      readonly kind: 'migrated';
      readonly mint: string;
      readonly at: number;
      readonly supply_raw: number;
      readonly decimals: number;
      /** Null when the reader cannot see the pool (the quote API still can). */
      readonly pool: PoolState | null;
    };

/** One owner's balance of a mint. */
export interface LiveHolding {
  readonly wallet: string;
  readonly token_raw: number;
}

/** The holders of a mint read at `at`; `complete` is false when only the largest accounts were read. */
export interface LiveHolders {
  readonly mint: string;
  readonly at: number;
  readonly supply_raw: number;
  readonly holdings: readonly LiveHolding[];
  readonly complete: boolean;
  /** How the holders were obtained, for `method`/`says`. */
  readonly method: string;
}

/**
 * The live chain for `changes`, `exit` and `analyze` (DESIGN §7): the simulated world's state or
 * the real chain over Solana JSON-RPC. Pool, curve and bonding-curve program accounts are not
 * holders: `holders` lists owner wallets only.
 */
export interface ChainReader {
  readonly source: 'sim' | 'rpc';
  tokenState(mint: string): Promise<TokenState>;
  /** Null when the mint has no token accounts the reader can see. */
  holders(mint: string): Promise<LiveHolders | null>;
  /** Every event of a bonding-curve token up to now (analyze), or null when it is not on a curve. */
  curveEvents(mint: string): Promise<readonly ChainEvent[] | null>;
  /** The SOL/USD price the reader's world uses now, or null when it has none (the quote API gives it). */
  solUsd(): Promise<number | null>;
  /** A mint on its bonding curve now, one `analyze` accepts (the simulated world's), or null. */
  curveMint?(): string | null;
}
