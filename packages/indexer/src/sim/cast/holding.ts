import type { SimWallet } from './sim-wallet.js';
import type { SniperFleet } from './sniper-fleet.js';

/** Why a wallet trades a launch; `hidden_insider` is funded through the creator's funder, not the creator. */
export type HoldingRole =
  | 'creator'
  | 'bundle'
  | 'insider'
  | 'hidden_insider'
  | 'sniper'
  | 'fresh'
  | 'organic'
  | 'kol'
  | 'wash';

/** One wallet's position in one simulated launch. */
export class Holding {
  tokens = 0;
  firstBuySlot = -1;
  /** Fresh by the builder's rule at its first buy (funded ≤ 24 h before, never traded before). */
  fresh = false;
  sells = 0;
  /** Index in the launch's list of holdings. */
  index = -1;

  constructor(
    readonly wallet: SimWallet,
    readonly role: HoldingRole,
    readonly fleet: SniperFleet | null = null,
  ) {}

  /** Creator, bundle wallets and wallets the creator funded before the create (the builder's insiders). */
  get insider(): boolean {
    return this.role === 'creator' || this.role === 'bundle' || this.role === 'insider';
  }

  /** Wallets the creator's side controls (they dump together in a rug). */
  get scamSide(): boolean {
    return this.insider || this.role === 'hidden_insider' || this.role === 'fresh';
  }
}
