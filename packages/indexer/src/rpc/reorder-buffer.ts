/**
 * Holds items by slot until the stream has moved `lagSlots` past them, then hands them out slot by
 * slot, oldest first. An item for a slot already handed out is late: it is handed out on the next take.
 */
export class ReorderBuffer<T> {
  private readonly slots = new Map<number, T[]>();
  private highest = -1;
  private released = -1;
  late = 0;

  constructor(private readonly lagSlots: number) {}

  add(slot: number, item: T): void {
    if (slot <= this.released) this.late++;
    let list = this.slots.get(slot);
    if (!list) {
      list = [];
      this.slots.set(slot, list);
    }
    list.push(item);
    if (slot > this.highest) this.highest = slot;
  }

  get size(): number {
    let n = 0;
    for (const list of this.slots.values()) n += list.length;
    return n;
  }

  /** Slots at least `lagSlots` behind the highest seen (all slots when `all`), in slot order. */
  take(all = false): { slot: number; items: T[] }[] {
    const through = all ? Number.POSITIVE_INFINITY : this.highest - this.lagSlots;
    const ready = [...this.slots.keys()].filter((s) => s <= through).sort((a, b) => a - b);
    const out = ready.map((slot) => {
      const items = this.slots.get(slot)!;
      this.slots.delete(slot);
      return { slot, items };
    });
    if (out.length > 0) this.released = Math.max(this.released, out[out.length - 1]!.slot);
    return out;
  }
}
