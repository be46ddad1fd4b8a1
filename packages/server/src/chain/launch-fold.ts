import { type ChainEvent, CURVE_PARAMS } from '@launchlens/indexer';
import type { CurveState, PoolState } from './chain-reader.js';
import type { LaunchAt } from './fold-launch-events.js';

/**
 * One launch's state, folded event by event: curve reserves from the last curve trade, pool
 * reserves from the migration and the last pool trade, each wallet's balance from its trades and
 * transfers. Events are kept only while the launch is on its curve (analyze reads them).
 */
export class LaunchFold {
  private create: Extract<ChainEvent, { kind: 'create' }> | null = null;
  private curve: CurveState | null = null;
  private pool: PoolState | null = null;
  private feeBps = 0;
  readonly balances = new Map<string, number>();
  private events: ChainEvent[] | null = [];

  push(e: ChainEvent): void {
    this.events?.push(e);
    switch (e.kind) {
      case 'create': {
        this.create = e;
        const p = CURVE_PARAMS[e.platform];
        this.feeBps = p.poolLpFeeBps + p.poolProtocolFeeBps;
        this.curve = {
          virtual_sol_lamports: p.virtualSolLamports,
          virtual_token_raw: p.virtualTokenRaw,
          real_sol_lamports: 0,
          complete: false,
        };
        return;
      }
      case 'curve_trade': {
        this.add(e.wallet, e.side === 'buy' ? e.token_raw : -e.token_raw);
        const p = this.create ? CURVE_PARAMS[this.create.platform] : null;
        this.curve = {
          virtual_sol_lamports: e.virtual_sol_lamports,
          virtual_token_raw: e.virtual_token_raw,
          real_sol_lamports: p ? e.virtual_sol_lamports - p.virtualSolLamports : 0,
          complete: false,
        };
        return;
      }
      case 'token_transfer':
        this.add(e.from, -e.token_raw);
        this.add(e.to, e.token_raw);
        return;
      case 'migration':
        if (this.curve) this.curve = { ...this.curve, complete: true };
        this.pool = {
          address: e.pool,
          venue: e.venue,
          sol_lamports: e.sol_lamports,
          token_raw: e.token_raw,
          fee_bps: this.feeBps,
        };
        this.events = null;
        return;
      case 'pool_trade':
        this.add(e.wallet, e.side === 'buy' ? e.token_raw : -e.token_raw);
        if (this.pool)
          this.pool = { ...this.pool, sol_lamports: e.pool_sol_lamports, token_raw: e.pool_token_raw };
        return;
      default:
        return;
    }
  }

  /** The launch now; null before its create. */
  state(): LaunchAt | null {
    const { create, curve } = this;
    if (create === null || curve === null) return null;
    return {
      mint: create.mint,
      platform: create.platform,
      supply_raw: create.token_supply_raw,
      decimals: create.decimals,
      curve,
      pool: this.pool,
      balances: this.balances,
      events: this.events ?? [],
    };
  }

  private add(wallet: string, raw: number): void {
    const next = (this.balances.get(wallet) ?? 0) + raw;
    if (next > 0) this.balances.set(wallet, next);
    else this.balances.delete(wallet);
  }
}
