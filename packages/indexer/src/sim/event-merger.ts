import type { EventBatchEncoder } from '../dataset/event-batch-encoder.js';
import type { ChainEvent } from '../events/chain-event.js';
import type { TapeOutput } from './launch/tape-output.js';

interface Cursor {
  readonly tape: TapeOutput;
  readonly ordinal: number;
  pos: number;
  slot: number;
  tx: number;
}

/**
 * A k-way merge of per-launch tapes (each sorted by slot, then tx index) into one event stream
 * ordered by (slot, tx index), with a binary min-heap of cursors keyed on plain numbers. Inside a
 * slot, launches come one after the other in ordinal order and each launch's tx indexes are shifted
 * to follow the previous launch's (gap 2–5), so indexes are unique per slot and a launch's own gaps
 * and runs survive.
 */
export class EventMerger {
  private readonly heap: Cursor[] = [];
  private slot = Number.NEGATIVE_INFINITY;
  private nextFree = 0;
  private launch = -1;
  private shift = 0;

  get size(): number {
    return this.heap.length;
  }

  /** Slot of the next event out, or +∞ when empty. */
  peekSlot(): number {
    return this.heap.length > 0 ? this.heap[0].slot : Number.POSITIVE_INFINITY;
  }

  add(ordinal: number, tape: TapeOutput): void {
    if (tape.length === 0) return;
    const heap = this.heap;
    const cursor: Cursor = { tape, ordinal, pos: 0, slot: tape.slots[0], tx: tape.txs[0] };
    let i = heap.length;
    heap.push(cursor);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(cursor, heap[parent])) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = cursor;
  }

  /** Removes and returns the next event, its tx index made unique within its slot. */
  pop(): ChainEvent {
    const tape = this.advance();
    return tape.event(this.k, this.index);
  }

  /** Removes the next event, as `pop` does, and adds it to `encoder` without building it. */
  popInto(encoder: EventBatchEncoder): void {
    const tape = this.advance();
    tape.encode(this.k, this.index, encoder);
  }

  /** The next event's position in its tape and its tx index, set by `advance`. */
  private k = 0;
  private index = 0;

  private advance(): TapeOutput {
    const heap = this.heap;
    const top = heap[0];
    const { tape, ordinal } = top;
    const slot = top.slot;
    const tx = top.tx;
    const k = top.pos++;
    if (top.pos === tape.length) {
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        this.siftDown();
      }
    } else {
      top.slot = tape.slots[top.pos];
      top.tx = tape.txs[top.pos];
      this.siftDown();
    }
    if (slot !== this.slot) {
      this.slot = slot;
      this.nextFree = 0;
      this.launch = -1;
    }
    if (ordinal !== this.launch) {
      this.shift = this.launch < 0 ? 0 : this.nextFree + 1 + (ordinal & 3) - tx;
      this.launch = ordinal;
    }
    const index = tx + this.shift;
    this.nextFree = index + 1;
    this.k = k;
    this.index = index;
    return tape;
  }

  private siftDown(): void {
    const heap = this.heap;
    const n = heap.length;
    const item = heap[0];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && less(heap[r], heap[l]) ? r : l;
      if (!less(heap[c], item)) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = item;
  }
}

function less(a: Cursor, b: Cursor): boolean {
  if (a.slot !== b.slot) return a.slot < b.slot;
  if (a.ordinal !== b.ordinal) return a.ordinal < b.ordinal;
  return a.tx < b.tx;
}
