/** What a simulated wallet is for; it decides how the wallet is funded and trades. */
export type WalletKind =
  | 'exchange'
  | 'creator'
  | 'funder'
  | 'insider'
  | 'fleet_master'
  | 'sniper'
  | 'fresh'
  | 'organic'
  | 'kol';

import type { AddressHandle } from '../address-handle.js';

/** A wallet of the simulated world, with the little state the simulator needs to keep it plausible. */
export class SimWallet implements AddressHandle {
  /** Slot of its first incoming SOL; +∞ until funded. */
  fundedSlot = Number.POSITIVE_INFINITY;
  /** Earliest slot it traded any token; +∞ until it trades. */
  firstTradeSlot = Number.POSITIVE_INFINITY;
  /** SOL balance as the simulator tracks it (in generation order, so approximate in time order). */
  lamports = 0;
  /** The launch it last joined, so one launch never gives a wallet two roles. */
  lastLaunch = -1;
  batchId = -1;
  batchOwner: object | null = null;

  constructor(
    readonly address: string,
    readonly kind: WalletKind,
    /** Who tops it up; null = a known exchange. */
    public funder: SimWallet | null = null,
    readonly whale = false,
  ) {}

  get isExchange(): boolean {
    return this.kind === 'exchange';
  }
}
