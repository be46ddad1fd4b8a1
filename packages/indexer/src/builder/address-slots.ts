import type { WalletBook } from './wallet-book.js';

/**
 * Where the addresses of the event being pushed sit in a table of addresses its producer keeps
 * (the `EventBatchDecoder`'s ring), with the wallet id last interned for each position. While a
 * position holds the same address, its wallet id is read from an array instead of being looked up
 * by the address string (a string-keyed `Map`, then a hash of the bytes: ≈ 15 % of the 24k
 * replay's main thread). The producer calls `reset` whenever it puts another address at a
 * position, and sets `from`, `to` and `wallet` before each push (-1 where the event has none).
 */
export class AddressSlots {
  from = -1;
  to = -1;
  wallet = -1;
  private readonly walletIds: Int32Array;

  constructor(size: number) {
    this.walletIds = new Int32Array(size).fill(-1);
  }

  /** Another address now sits at `position`: the wallet id remembered there is dropped. */
  reset(position: number): void {
    this.walletIds[position] = -1;
  }

  /** `book.intern(address)`, remembered at `position` (the address's, or -1 for none). */
  walletId(position: number, address: string, book: WalletBook): number {
    if (position < 0) return book.intern(address);
    let id = this.walletIds[position];
    if (id < 0) {
      id = book.intern(address);
      this.walletIds[position] = id;
    }
    return id;
  }
}
