import type { SimWallet } from './sim-wallet.js';

/** One launch of a creator, as later launches can know it. */
export interface CreatorLaunch {
  readonly settledSlot: number;
  readonly rugged: boolean;
}

/** A token creator: one dev wallet, a funder and insider wallets reused across its launches. */
export interface SimCreator {
  readonly wallet: SimWallet;
  readonly funder: SimWallet;
  readonly insiders: SimWallet[];
  /** Latent intent to rug (standard normal over creators); never emitted. */
  readonly scam: number;
  readonly launches: CreatorLaunch[];
}
