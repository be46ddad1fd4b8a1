import type { ChainEvent } from '../events/chain-event.js';
import { IndexerError } from '../indexer-error.js';
import type { AddressHandle } from '../sim/address-handle.js';
import { EventBatch } from './event-batch.js';

/** Packs events into `EventBatch`es of up to `capacity` events, numbering addresses as it meets them. */
export class EventBatchEncoder {
  /** Ids of the addresses met as strings (`add`), while remembered. */
  private readonly addressIds = new Map<string, number>();
  /** At `id % window`: the string given that id, which `addressIds` holds; undefined for a handle's id. */
  private readonly recent: (string | undefined)[] = [];
  private nextId = 0;
  private nums: Float64Array<ArrayBuffer>;
  private ids: Int32Array<ArrayBuffer>;
  private addresses: string[] = [];
  private signatures: string[] = [];
  private objects: ChainEvent[] = [];
  private count = 0;

  constructor(
    private readonly capacity: number,
    private readonly window: number = EventBatch.addressWindow,
  ) {
    if (capacity * EventBatch.idStride >= window) {
      throw new IndexerError(
        'event_batch_window',
        `a batch of ${capacity} events may name more new addresses than the window ${window}`,
      );
    }
    this.nums = new Float64Array(capacity * EventBatch.numStride);
    this.ids = new Int32Array(capacity * EventBatch.idStride);
  }

  get full(): boolean {
    return this.count === this.capacity;
  }

  get size(): number {
    return this.count;
  }

  add(e: ChainEvent): void {
    const i = this.count++;
    const o = i * EventBatch.numStride;
    const nums = this.nums;
    const ids = this.ids;
    const d = i * EventBatch.idStride;
    ids[d] = -1;
    ids[d + 1] = -1;
    ids[d + 2] = -1;
    ids[d + 3] = -1;
    // The signer is nearly always the event's sender or trader: its id is reused, not looked up.
    let signer = -1;
    switch (e.kind) {
      case 'sol_transfer':
        nums[o] = EventBatch.code.solTransfer;
        nums[o + 5] = e.lamports;
        ids[d + 1] = this.idOf(e.from);
        ids[d + 2] = this.idOf(e.to);
        if (e.signer === e.from) signer = ids[d + 1];
        break;
      case 'curve_trade':
        nums[o] = e.side === 'buy' ? EventBatch.code.curveBuy : EventBatch.code.curveSell;
        nums[o + 5] = e.sol_lamports;
        nums[o + 6] = e.token_raw;
        nums[o + 7] = e.virtual_sol_lamports;
        nums[o + 8] = e.virtual_token_raw;
        ids[d + 1] = this.idOf(e.mint);
        ids[d + 2] = this.idOf(e.wallet);
        if (e.signer === e.wallet) signer = ids[d + 2];
        break;
      case 'pool_trade':
        nums[o] = e.side === 'buy' ? EventBatch.code.poolBuy : EventBatch.code.poolSell;
        nums[o + 5] = e.sol_lamports;
        nums[o + 6] = e.token_raw;
        nums[o + 7] = e.pool_sol_lamports;
        nums[o + 8] = e.pool_token_raw;
        ids[d + 1] = this.idOf(e.mint);
        ids[d + 2] = this.idOf(e.wallet);
        ids[d + 3] = this.idOf(e.pool);
        if (e.signer === e.wallet) signer = ids[d + 2];
        break;
      case 'token_transfer':
        nums[o] = EventBatch.code.tokenTransfer;
        nums[o + 5] = e.token_raw;
        ids[d + 1] = this.idOf(e.mint);
        ids[d + 2] = this.idOf(e.from);
        ids[d + 3] = this.idOf(e.to);
        if (e.signer === e.from) signer = ids[d + 2];
        break;
      default:
        nums[o] = EventBatch.code.object;
        this.objects.push(e);
        return;
    }
    nums[o + 1] = e.slot;
    nums[o + 2] = e.tx_index;
    nums[o + 3] = e.at;
    nums[o + 4] = e.fee_lamports;
    ids[d] = signer >= 0 ? signer : this.idOf(e.signer);
    this.signatures.push(e.signature);
  }

  /**
   * Adds a columnar event given as its columns (see `EventBatch`), its addresses as handles: `a`,
   * `b`, `c` are the three payload addresses in `ids` order (sol transfer: from, to; trade: mint,
   * wallet, then a pool trade's pool), `signer` is one of them or another. Decodes as `add` of the
   * same event would; a handle's id is kept on it (`AddressHandle`), not looked up by string.
   */
  addColumns(
    code: number,
    slot: number,
    tx: number,
    at: number,
    fee: number,
    n1: number,
    n2: number,
    n3: number,
    n4: number,
    signature: string,
    signer: AddressHandle,
    a: AddressHandle,
    b: AddressHandle,
    c: AddressHandle | null,
  ): void {
    const i = this.count++;
    const o = i * EventBatch.numStride;
    const nums = this.nums;
    const ids = this.ids;
    const d = i * EventBatch.idStride;
    nums[o] = code;
    nums[o + 1] = slot;
    nums[o + 2] = tx;
    nums[o + 3] = at;
    nums[o + 4] = fee;
    nums[o + 5] = n1;
    nums[o + 6] = n2;
    nums[o + 7] = n3;
    nums[o + 8] = n4;
    const ia = this.idOfHandle(a);
    const ib = this.idOfHandle(b);
    ids[d + 1] = ia;
    ids[d + 2] = ib;
    ids[d + 3] = c === null ? -1 : this.idOfHandle(c);
    ids[d] = signer === a ? ia : signer === b ? ib : this.idOfHandle(signer);
    this.signatures.push(signature);
  }

  /** The events added since the last call (the encoder starts a fresh batch). */
  take(): EventBatch {
    const n = this.count;
    const batch: EventBatch = {
      count: n,
      nums: this.nums,
      ids: this.ids,
      addresses: this.addresses,
      signatures: this.signatures,
      objects: this.objects,
    };
    this.nums = new Float64Array(this.capacity * EventBatch.numStride);
    this.ids = new Int32Array(this.capacity * EventBatch.idStride);
    this.addresses = [];
    this.signatures = [];
    this.objects = [];
    this.count = 0;
    return batch;
  }

  /**
   * The id of `h`'s address: the one kept on `h` while this encoder gave it and still remembers it,
   * else the next id. A handle stands for its address alone (one handle per address, as in the
   * simulator), so this path never touches the string map: an address met both as a handle and as
   * a string while remembered travels twice, under two ids (it decodes the same).
   */
  private idOfHandle(h: AddressHandle): number {
    const kept = h.batchId;
    if (h.batchOwner === this && kept >= this.nextId - this.window) return kept;
    const id = this.nextId++;
    this.forget(id);
    this.recent[id % this.window] = undefined;
    this.addresses.push(h.address);
    h.batchId = id;
    h.batchOwner = this;
    return id;
  }

  private idOf(address: string): number {
    let id = this.addressIds.get(address);
    if (id === undefined) {
      id = this.nextId++;
      this.forget(id);
      this.recent[id % this.window] = address;
      this.addressIds.set(address, id);
      this.addresses.push(address);
    }
    return id;
  }

  /** Forgets the id `window` before `id`, whose slot `id` takes: its string leaves the map. */
  private forget(id: number): void {
    if (id < this.window) return;
    const old = this.recent[id % this.window];
    if (old !== undefined && this.addressIds.get(old) === id - this.window) this.addressIds.delete(old);
  }
}
