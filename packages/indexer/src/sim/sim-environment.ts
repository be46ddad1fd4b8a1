import type { Platform } from '@launchlens/engine/internal';
import { randomAddress } from './random/random-address.js';
import { Sfc32 } from './random/sfc32.js';
import type { SlotClock } from './slot-clock.js';

/** Where the simulator runs: the seed, the clock, and the signers of migrations. */
export interface SimEnvironment {
  readonly seed: number;
  readonly clock: SlotClock;
  /** No event before this slot (the start of history) or after `endSlot`. */
  readonly startSlot: number;
  readonly endSlot: number;
  readonly migrators: Readonly<Record<Platform, string>>;
}

/** pump.fun's migration authority (the signer of fixture C's migrations). */
export const PUMP_MIGRATOR = '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg';

/**
 * What every launch of one seeded world shares: the seed, the slot clock, the slot window events
 * must fall in (`from`…`to`, epoch ms) and the migration authorities (letsbonk's drawn from the seed).
 */
export function createSimEnvironment(
  seed: number,
  clock: SlotClock,
  from: number,
  to: number,
): SimEnvironment {
  const migrators: Record<Platform, string> = {
    pumpfun: PUMP_MIGRATOR,
    letsbonk: randomAddress(new Sfc32(seed, 0xb0c)),
  };
  return { seed, clock, startSlot: clock.slotOf(from), endSlot: clock.slotOf(to), migrators };
}
