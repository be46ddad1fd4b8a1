import type { ChainEvent } from '../events/chain-event.js';

/**
 * A run of chain events as columns, cheap to move between threads: numbers in one transferable
 * typed array, addresses as ids into a table both sides grow in the same order (a new address
 * travels once, in `addresses`, and again only after the encoder forgot it: see
 * `ADDRESS_WINDOW`; or once as a handle and once as a string, see `EventBatchEncoder`), signatures
 * as strings, and the few rare events as objects.
 */
export interface EventBatch {
  readonly count: number;
  readonly nums: Float64Array<ArrayBuffer>;
  readonly ids: Int32Array<ArrayBuffer>;
  /** Addresses first seen in this batch, in id order. */
  readonly addresses: readonly string[];
  /** One per columnar event, in order. */
  readonly signatures: readonly string[];
  readonly objects: readonly ChainEvent[];
}

/**
 * Where things sit in an `EventBatch`: `nums` holds `numStride` numbers per event (code, slot, tx
 * index, at, fee, then four payload numbers), `ids` holds `idStride` address ids per event (signer,
 * then three payload addresses, -1 when unused). Rare kinds (create, authority change, migration)
 * have code `object` and travel whole in `objects`.
 */
export const EventBatch = {
  /**
   * Addresses the encoder remembers: ids are numbered 0, 1, 2, … and the encoder forgets the
   * address of id n when it numbers id n + window, so its memory does not grow with the history
   * (a forgotten address that comes back gets a new id). The decoder keeps twice the window,
   * which covers every id a batch can name as long as a batch holds fewer new addresses than the
   * window.
   */
  addressWindow: 1 << 19,
  numStride: 9,
  idStride: 4,
  code: { solTransfer: 0, curveBuy: 1, curveSell: 2, poolBuy: 3, poolSell: 4, tokenTransfer: 5, object: 6 },
} as const;
