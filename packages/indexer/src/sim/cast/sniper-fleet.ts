import type { SimWallet } from './sim-wallet.js';

/** A sniper-bot operator: a master wallet that funds a set of bot wallets reused across launches. */
export interface SniperFleet {
  readonly master: SimWallet;
  readonly wallets: readonly SimWallet[];
  /** Chance that one of its buys lands in the creation slot. */
  readonly speed: number;
  /** Chance that a bot wallet holds into the pool instead of selling on the curve. */
  readonly holdChance: number;
  /** Whether its wallets (funded once, at first use) have been funded yet. */
  funded: boolean;
}
