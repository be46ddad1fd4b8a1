import { AddressSlots } from '../builder/address-slots.js';
import type {
  ChainEvent,
  CurveTradeEvent,
  PoolTradeEvent,
  SolTransferEvent,
  TokenTransferEvent,
} from '../events/chain-event.js';
import { EventBatch } from './event-batch.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const HEADER = { slot: 0, tx_index: 0, at: 0, signature: '', signer: '', fee_lamports: 0 };

/**
 * Turns the `EventBatch`es of one `EventBatchEncoder`, in order, back into events. Every event
 * naming an address while the encoder remembers it gets the same string object for it, so maps
 * keyed on addresses hash it once. Holds the last `2 × window` addresses (see
 * `EventBatch.addressWindow`), whatever the length of the history. Before each event it sets
 * `slots` to the ring positions of the event's `from`, `to` and `wallet` addresses (see
 * `AddressSlots`), so a consumer can remember what it derived from an address by position.
 * Transfers and trades come in one object per kind, refilled for every event (11 M event objects
 * fewer on the main thread of a 24k build): an event is valid during its `each` call only.
 */
export class EventBatchDecoder {
  private readonly addresses: string[] = [];
  private nextId = 0;
  private readonly size: number;
  readonly slots: AddressSlots;
  private readonly transfer: Mutable<SolTransferEvent> = {
    kind: 'sol_transfer',
    ...HEADER,
    from: '',
    to: '',
    lamports: 0,
  };
  private readonly curve: Mutable<CurveTradeEvent> = {
    kind: 'curve_trade',
    ...HEADER,
    mint: '',
    wallet: '',
    side: 'buy',
    sol_lamports: 0,
    token_raw: 0,
    virtual_sol_lamports: 0,
    virtual_token_raw: 0,
  };
  private readonly pool: Mutable<PoolTradeEvent> = {
    kind: 'pool_trade',
    ...HEADER,
    mint: '',
    pool: '',
    wallet: '',
    side: 'buy',
    sol_lamports: 0,
    token_raw: 0,
    pool_sol_lamports: 0,
    pool_token_raw: 0,
  };
  private readonly token: Mutable<TokenTransferEvent> = {
    kind: 'token_transfer',
    ...HEADER,
    mint: '',
    from: '',
    to: '',
    token_raw: 0,
  };

  constructor(window: number = EventBatch.addressWindow) {
    this.size = 2 * window;
    this.slots = new AddressSlots(this.size);
  }

  decode(batch: EventBatch, each: (e: ChainEvent) => void): void {
    const size = this.size;
    const ring = this.addresses;
    const transfer = this.transfer;
    const curve = this.curve;
    const pool = this.pool;
    const token = this.token;
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
          transfer.slot = nums[o + 1];
          transfer.tx_index = nums[o + 2];
          transfer.at = nums[o + 3];
          transfer.signature = signatures[s++];
          transfer.signer = ring[ids[d] % size];
          transfer.fee_lamports = nums[o + 4];
          transfer.from = ring[ids[d + 1] % size];
          transfer.to = ring[ids[d + 2] % size];
          transfer.lamports = nums[o + 5];
          each(transfer);
          break;
        case EventBatch.code.curveBuy:
        case EventBatch.code.curveSell:
          slots.from = -1;
          slots.to = -1;
          slots.wallet = ids[d + 2] % size;
          curve.slot = nums[o + 1];
          curve.tx_index = nums[o + 2];
          curve.at = nums[o + 3];
          curve.signature = signatures[s++];
          curve.signer = ring[ids[d] % size];
          curve.fee_lamports = nums[o + 4];
          curve.mint = ring[ids[d + 1] % size];
          curve.wallet = ring[ids[d + 2] % size];
          curve.side = code === EventBatch.code.curveBuy ? 'buy' : 'sell';
          curve.sol_lamports = nums[o + 5];
          curve.token_raw = nums[o + 6];
          curve.virtual_sol_lamports = nums[o + 7];
          curve.virtual_token_raw = nums[o + 8];
          each(curve);
          break;
        case EventBatch.code.poolBuy:
        case EventBatch.code.poolSell:
          slots.from = -1;
          slots.to = -1;
          slots.wallet = ids[d + 2] % size;
          pool.slot = nums[o + 1];
          pool.tx_index = nums[o + 2];
          pool.at = nums[o + 3];
          pool.signature = signatures[s++];
          pool.signer = ring[ids[d] % size];
          pool.fee_lamports = nums[o + 4];
          pool.mint = ring[ids[d + 1] % size];
          pool.pool = ring[ids[d + 3] % size];
          pool.wallet = ring[ids[d + 2] % size];
          pool.side = code === EventBatch.code.poolBuy ? 'buy' : 'sell';
          pool.sol_lamports = nums[o + 5];
          pool.token_raw = nums[o + 6];
          pool.pool_sol_lamports = nums[o + 7];
          pool.pool_token_raw = nums[o + 8];
          each(pool);
          break;
        case EventBatch.code.tokenTransfer:
          slots.from = ids[d + 2] % size;
          slots.to = ids[d + 3] % size;
          slots.wallet = -1;
          token.slot = nums[o + 1];
          token.tx_index = nums[o + 2];
          token.at = nums[o + 3];
          token.signature = signatures[s++];
          token.signer = ring[ids[d] % size];
          token.fee_lamports = nums[o + 4];
          token.mint = ring[ids[d + 1] % size];
          token.from = ring[ids[d + 2] % size];
          token.to = ring[ids[d + 3] % size];
          token.token_raw = nums[o + 5];
          each(token);
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
