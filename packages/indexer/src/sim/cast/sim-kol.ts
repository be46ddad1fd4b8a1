import type { KolRow } from '@launchlens/engine';
import type { SimWallet } from './sim-wallet.js';

/** A named KOL: the registry row, its wallet and a hidden trading skill. */
export interface SimKol {
  readonly row: KolRow;
  readonly wallet: SimWallet;
  /** Standard normal; high skill enters early and exits before collapses. */
  readonly skill: number;
}
