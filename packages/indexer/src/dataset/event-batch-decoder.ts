import { AddressSlots } from '../builder/address-slots.js';
import type { ChainEvent } from '../events/chain-event.js';
import { EventBatch } from './event-batch.js';

/**
 * Turns the `EventBatch`es of one `EventBatchEncoder`, in order, back into events. Every event
 * naming an address while the encoder remembers it gets the same string object for it, so maps
 * keyed on addresses hash it once. Holds the last `2 × window` addresses (see
 * `EventBatch.addressWindow`), whatever the length of the history. Before each event it sets
 * `slots` to the ring positions of the event's `from`, `to` and `wallet` addresses (see
 * `AddressSlots`), so a consumer can remember what it derived from an address by position.
 */
export class EventBatchDecoder {
  private readonly addresses: string[] = [];
  private nextId = 0;
  private readonly size: number;
  readonly slots: AddressSlots;

  constructor(window: number = EventBatch.addressWindow) {
    this.size = 2 * window;
    this.slots = new AddressSlots(this.size);
  }

  decode(batch: EventBatch, each: (e: ChainEvent) => void): void {
    const size = this.size;
    const ring = this.addresses;
    const slots = this.slots;
    for (const a of batch.addresses) {
      const at = this.nextId++ % size;
      ring[at] = a;
      slots.reset(at);
    }
    const { nums, ids, signatures, objects } = batch;
    let s = 0;
    let obj = 0;
    for (let i = 0; i < batch.count; i++) {
      const o = i * EventBatch.numStride;
      const d = i * EventBatch.idStride;
      const code = nums[o];
      switch (code) {
        case EventBatch.code.solTransfer:
          slots.from = ids[d + 1] % size;
          slots.to = ids[d + 2] % size;
          slots.wallet = -1;
          each({
            kind: 'sol_transfer',
            slot: nums[o + 1],
            tx_index: nums[o + 2],
            at: nums[o + 3],
            signature: signatures[s++],
            signer: ring[ids[d] % size],
            fee_lamports: nums[o + 4],
            from: ring[ids[d + 1] % size],
            to: ring[ids[d + 2] % size],
            lamports: nums[o + 5],
          });
          break;
        case EventBatch.code.curveBuy:
        case EventBatch.code.curveSell:
          slots.from = -1;
          slots.to = -1;
          slots.wallet = ids[d + 2] % size;
          each({
            kind: 'curve_trade',
            slot: nums[o + 1],
            tx_index: nums[o + 2],
            at: nums[o + 3],
            signature: signatures[s++],
            signer: ring[ids[d] % size],
            fee_lamports: nums[o + 4],
            mint: ring[ids[d + 1] % size],
            wallet: ring[ids[d + 2] % size],
            side: code === EventBatch.code.curveBuy ? 'buy' : 'sell',
            sol_lamports: nums[o + 5],
            token_raw: nums[o + 6],
            virtual_sol_lamports: nums[o + 7],
            virtual_token_raw: nums[o + 8],
          });
          break;
        case EventBatch.code.poolBuy:
        case EventBatch.code.poolSell:
          slots.from = -1;
          slots.to = -1;
          slots.wallet = ids[d + 2] % size;
          each({
            kind: 'pool_trade',
            slot: nums[o + 1],
            tx_index: nums[o + 2],
            at: nums[o + 3],
            signature: signatures[s++],
            signer: ring[ids[d] % size],
            fee_lamports: nums[o + 4],
            mint: ring[ids[d + 1] % size],
            pool: ring[ids[d + 3] % size],
            wallet: ring[ids[d + 2] % size],
            side: code === EventBatch.code.poolBuy ? 'buy' : 'sell',
            sol_lamports: nums[o + 5],
            token_raw: nums[o + 6],
            pool_sol_lamports: nums[o + 7],
            pool_token_raw: nums[o + 8],
          });
          break;
        case EventBatch.code.tokenTransfer:
          slots.from = ids[d + 2] % size;
          slots.to = ids[d + 3] % size;
          slots.wallet = -1;
          each({
            kind: 'token_transfer',
            slot: nums[o + 1],
            tx_index: nums[o + 2],
            at: nums[o + 3],
            signature: signatures[s++],
            signer: ring[ids[d] % size],
            fee_lamports: nums[o + 4],
            mint: ring[ids[d + 1] % size],
            from: ring[ids[d + 2] % size],
            to: ring[ids[d + 3] % size],
            token_raw: nums[o + 5],
          });
          break;
        default:
          slots.from = -1;
          slots.to = -1;
          slots.wallet = -1;
          each(objects[obj++]);
      }
    }
  }
}
