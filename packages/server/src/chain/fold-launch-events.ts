import type { ChainEvent } from '@launchlens/indexer';
import type { CurveState, PoolState } from './chain-reader.js';
import { LaunchFold } from './launch-fold.js';

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
  /** While on its curve: the launch's events up to the moment (mint events and its funding); else empty. */
  readonly events: readonly ChainEvent[];
}

/** Folds one launch's own events up to `at` (`LaunchFold`); null when it was not created by `at`. */
export function foldLaunchEvents(events: readonly ChainEvent[], at: number): LaunchAt | null {
  const fold = new LaunchFold();
  for (const e of events) {
    if (e.at > at) break;
    fold.push(e);
  }
  return fold.state();
}
