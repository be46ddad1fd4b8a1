/** A credit hold kept in process memory: the embedded ledger's pending transfer. */
export interface ProcessHold {
  readonly id: number;
  readonly keyId: string;
  readonly credits: number;
  readonly route: string;
  readonly requestId: string;
  readonly at: number;
}

export interface ProcessHolds {
  /** Credits held for `keyId` by this process's calls in flight, holds being posted included. */
  heldBy(keyId: string): number;
  add(keyId: string, credits: number, route: string, requestId: string, at: number): ProcessHold;
  /**
   * Ends hold `id` (a second `take` finds nothing); its credits stay in `heldBy` until `release`,
   * so they are not spent twice while its post is being committed.
   */
  take(id: number): ProcessHold | undefined;
  /** Stops counting a taken hold in `heldBy`; a second release of the same hold does nothing. */
  release(hold: ProcessHold): void;
  /** Takes and releases every hold made before `before` (a void); returns how many. */
  voidBefore(before: number): number;
}

interface Held extends ProcessHold {
  counted: boolean;
}

/**
 * The holds of one process, for a ledger file that process alone charges: a hold is a map entry,
 * not a row, so a crash loses it, which voids it (it never charged anything). Ids count from 1 per
 * `ProcessHolds`.
 */
export function createProcessHolds(): ProcessHolds {
  const holds = new Map<number, Held>();
  const heldByKey = new Map<string, number>();
  let lastId = 0;
  const release = (hold: ProcessHold) => {
    const h = hold as Held;
    if (!h.counted) return;
    h.counted = false;
    const left = (heldByKey.get(h.keyId) ?? 0) - h.credits;
    if (left === 0) heldByKey.delete(h.keyId);
    else heldByKey.set(h.keyId, left);
  };
  const take = (id: number): ProcessHold | undefined => {
    const h = holds.get(id);
    if (h !== undefined) holds.delete(id);
    return h;
  };
  return {
    heldBy: (keyId) => heldByKey.get(keyId) ?? 0,
    add(keyId, credits, route, requestId, at) {
      const h: Held = { id: ++lastId, keyId, credits, route, requestId, at, counted: true };
      holds.set(h.id, h);
      heldByKey.set(keyId, (heldByKey.get(keyId) ?? 0) + credits);
      return h;
    },
    take,
    release,
    voidBefore(before) {
      let voided = 0;
      for (const h of [...holds.values()]) {
        if (h.at >= before) continue;
        take(h.id);
        release(h);
        voided++;
      }
      return voided;
    },
  };
}
