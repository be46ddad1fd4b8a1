import type { ChainEvent } from '../events/chain-event.js';
import { EventBatch } from './event-batch.js';

/**
 * Turns the `EventBatch`es of one `EventBatchEncoder`, in order, back into events. Every event
 * naming an address while the encoder remembers it gets the same string object for it, so maps
 * keyed on addresses hash it once. Holds the last `2 × window` addresses (see
 * `EventBatch.addressWindow`), whatever the length of the history.
 */
export class EventBatchDecoder {
  private readonly addresses: string[] = [];
  private nextId = 0;
  private readonly size: number;

  constructor(window: number = EventBatch.addressWindow) {
    this.size = 2 * window;
  }

  decode(batch: EventBatch, each: (e: ChainEvent) => void): void {
    const size = this.size;
    const ring = this.addresses;
    for (const a of batch.addresses) ring[this.nextId++ % size] = a;
    const { nums, ids, signatures, objects } = batch;
    let s = 0;
    let obj = 0;
    for (let i = 0; i < batch.count; i++) {
      const o = i * EventBatch.numStride;
      const d = i * EventBatch.idStride;
      const code = nums[o];
      switch (code) {
        case EventBatch.code.solTransfer:
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
          each(objects[obj++]);
      }
    }
  }
}
