import type { EventBatchEncoder } from '../../dataset/event-batch-encoder.js';
import type { ChainEvent } from '../../events/chain-event.js';

/** A launch's recorded events, read by column index (`LaunchTape`). */
export interface TapeColumns {
  /** Builds the event object of column `i`. */
  materialize(i: number, slot: number, tx: number): ChainEvent;
  /** Adds the event of column `i` to `encoder` as `encoder.add(materialize(i, slot, tx))` would. */
  encode(i: number, slot: number, tx: number, encoder: EventBatchEncoder): void;
}

/**
 * A launch's events, sorted, stored as columns until the merge asks for them one by one: an event
 * object only exists from the moment it is emitted, so the launches waiting in the merge hold plain
 * numbers instead of hundreds of thousands of objects (which made garbage collection the bottleneck).
 */
export class TapeOutput {
  constructor(
    private readonly tape: TapeColumns,
    /** Column index of the k-th event in (slot, tx index) order. */
    private readonly order: Uint32Array,
    /** Slot and final tx index of the k-th event. */
    readonly slots: Float64Array,
    readonly txs: Float64Array,
  ) {}

  get length(): number {
    return this.order.length;
  }

  /** The k-th event (each k once), with tx index `tx`. */
  event(k: number, tx: number): ChainEvent {
    return this.tape.materialize(this.order[k], this.slots[k], tx);
  }

  /** Adds the k-th event (each k once, instead of `event`) to `encoder`, without building it. */
  encode(k: number, tx: number, encoder: EventBatchEncoder): void {
    this.tape.encode(this.order[k], this.slots[k], tx, encoder);
  }
}
