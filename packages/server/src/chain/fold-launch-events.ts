import { type ChainEvent, CURVE_PARAMS } from '@launchlens/indexer';
import type { CurveState, PoolState } from './chain-reader.js';

/** A simulated launch as the chain held it at one moment. */
export interface LaunchAt {
  readonly mint: string;
  readonly platform: 'pumpfun' | 'letsbonk';
  readonly supply_raw: number;
  readonly decimals: number;
  readonly curve: CurveState;
  /** Null while the launch is still on its curve. */
  readonly pool: PoolState | null;
  /** Owner wallet → raw token balance, positive balances only. */
  readonly balances: ReadonlyMap<string, number>;
  /** The launch's events at or before the moment (mint events and the funding around them). */
  readonly events: readonly ChainEvent[];
}

/**
 * Folds one launch's own events up to `at` into its state: curve reserves from the last curve
 * trade, pool reserves from the migration and the last pool trade, and each wallet's balance
 * from its trades and transfers. Null when the launch was not created by `at`.
 */
export function foldLaunchEvents(events: readonly ChainEvent[], at: number): LaunchAt | null {
  let create: Extract<ChainEvent, { kind: 'create' }> | null = null;
  let curve: CurveState | null = null;
  let pool: PoolState | null = null;
  let fee_bps = 0;
  const balances = new Map<string, number>();
  const add = (wallet: string, raw: number) => {
    const next = (balances.get(wallet) ?? 0) + raw;
    if (next > 0) balances.set(wallet, next);
    else balances.delete(wallet);
  };
  let seen = 0;
  for (const e of events) {
    if (e.at > at) break;
    seen++;
    switch (e.kind) {
      case 'create': {
        create = e;
        const p = CURVE_PARAMS[e.platform];
        fee_bps = p.poolLpFeeBps + p.poolProtocolFeeBps;
        curve = {
          virtual_sol_lamports: p.virtualSolLamports,
          virtual_token_raw: p.virtualTokenRaw,
          real_sol_lamports: 0,
          complete: false,
        };
        break;
      }
      case 'curve_trade': {
        add(e.wallet, e.side === 'buy' ? e.token_raw : -e.token_raw);
        const p = create ? CURVE_PARAMS[create.platform] : null;
        curve = {
          virtual_sol_lamports: e.virtual_sol_lamports,
          virtual_token_raw: e.virtual_token_raw,
          real_sol_lamports: p ? e.virtual_sol_lamports - p.virtualSolLamports : 0,
          complete: false,
        };
        break;
      }
      case 'token_transfer':
        add(e.from, -e.token_raw);
        add(e.to, e.token_raw);
        break;
      case 'migration':
        if (curve !== null) curve = { ...(curve as CurveState), complete: true };
        pool = {
          address: e.pool,
          venue: e.venue,
          sol_lamports: e.sol_lamports,
          token_raw: e.token_raw,
          fee_bps,
        };
        break;
      case 'pool_trade':
        add(e.wallet, e.side === 'buy' ? e.token_raw : -e.token_raw);
        if (pool !== null)
          pool = { ...(pool as PoolState), sol_lamports: e.pool_sol_lamports, token_raw: e.pool_token_raw };
        break;
      default:
        break;
    }
  }
  if (create === null || curve === null) return null;
  return {
    mint: create.mint,
    platform: create.platform,
    supply_raw: create.token_supply_raw,
    decimals: create.decimals,
    curve,
    pool,
    balances,
    events: events.slice(0, seen),
  };
}
