/** Solana's nominal slot time; the simulator's `at` is always derived from the slot with it. */
export const SLOT_MS = 400;

/** Maps slots to epoch milliseconds and back (400 ms slots, anchored at one known slot). */
export class SlotClock {
  constructor(
    readonly originSlot: number,
    readonly originAt: number,
  ) {}

  at(slot: number): number {
    return this.originAt + (slot - this.originSlot) * SLOT_MS;
  }

  /** The slot that contains the moment `at`. */
  slotOf(at: number): number {
    return this.originSlot + Math.floor((at - this.originAt) / SLOT_MS);
  }

  /** Seconds as a whole number of slots (at least `min`). */
  static slots(seconds: number, min = 0): number {
    return Math.max(min, Math.round((seconds * 1000) / SLOT_MS));
  }
}
