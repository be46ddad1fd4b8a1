import type { Platform } from '@launchlens/engine/internal';

/**
 * Where an event sits on chain. `at` is the block time in epoch milliseconds; `tx_index` is the
 * transaction's position in its block (bundles are told apart from snipers by it); `fee_lamports`
 * is the fee its transaction paid (counted once per signature).
 */
export interface EventHeader {
  readonly slot: number;
  readonly tx_index: number;
  readonly at: number;
  readonly signature: string;
  readonly signer: string;
  readonly fee_lamports: number;
}

/** A token is created on a launch platform's bonding curve. */
export interface CreateEvent extends EventHeader {
  readonly kind: 'create';
  readonly platform: Platform;
  readonly mint: string;
  readonly creator: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly curve: string;
  readonly token_supply_raw: number;
  readonly decimals: number;
}

/** A buy or sell against the bonding curve; reserves are the curve's virtual reserves after it. */
export interface CurveTradeEvent extends EventHeader {
  readonly kind: 'curve_trade';
  readonly mint: string;
  readonly wallet: string;
  readonly side: 'buy' | 'sell';
  readonly sol_lamports: number;
  readonly token_raw: number;
  readonly virtual_sol_lamports: number;
  readonly virtual_token_raw: number;
}

/** A plain System-program SOL transfer (funding). */
export interface SolTransferEvent extends EventHeader {
  readonly kind: 'sol_transfer';
  readonly from: string;
  readonly to: string;
  readonly lamports: number;
}

/** An SPL token transfer between owners (not a trade). */
export interface TokenTransferEvent extends EventHeader {
  readonly kind: 'token_transfer';
  readonly mint: string;
  readonly from: string;
  readonly to: string;
  readonly token_raw: number;
}

/** A mint's mint or freeze authority is set or revoked (`new_authority` null = revoked). */
export interface AuthorityChangeEvent extends EventHeader {
  readonly kind: 'authority_change';
  readonly mint: string;
  readonly authority: 'mint' | 'freeze';
  readonly new_authority: string | null;
}

/** The curve completed and liquidity moved to an AMM pool: the analysis moment. */
export interface MigrationEvent extends EventHeader {
  readonly kind: 'migration';
  readonly mint: string;
  readonly pool: string;
  readonly venue: 'pumpswap' | 'raydium_amm_v4' | 'raydium_cpmm';
  readonly sol_lamports: number;
  readonly token_raw: number;
  readonly lp_state: 'burned' | 'locked' | 'unlocked' | null;
}

/** A swap in the post-migration pool; reserves are the pool's after the swap. */
export interface PoolTradeEvent extends EventHeader {
  readonly kind: 'pool_trade';
  readonly mint: string;
  readonly pool: string;
  readonly wallet: string;
  readonly side: 'buy' | 'sell';
  readonly sol_lamports: number;
  readonly token_raw: number;
  readonly pool_sol_lamports: number;
  readonly pool_token_raw: number;
}

export type ChainEvent =
  | CreateEvent
  | CurveTradeEvent
  | SolTransferEvent
  | TokenTransferEvent
  | AuthorityChangeEvent
  | MigrationEvent
  | PoolTradeEvent;

export type ChainEventKind = ChainEvent['kind'];
