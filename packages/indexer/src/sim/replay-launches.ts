import type { Platform } from '@launchlens/engine';
import type { ChainEvent } from '../events/chain-event.js';
import { randomAddress } from './random-address.js';
import { scheduleLaunches } from './schedule-launches.js';
import { Sfc32 } from './sfc32.js';
import { simulateLaunch } from './simulate-launch.js';
import type { SimOptions } from './simulate-world.js';
import { SlotClock } from './slot-clock.js';
import { WorldState } from './world-state.js';

/** `simulateWorld`'s constants (a test proves the replay gives the world's events). */
const ORIGIN_SLOT = 350_000_000;
const PUMP_MIGRATOR = '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg';

/** One launch of a replayed world: its mint and its own events in (slot, tx index) order. */
export interface ReplayedLaunch {
  readonly ordinal: number;
  /** Block time of the launch's create. */
  readonly createAt: number;
  /** The launch's events; tx indexes are the launch's own (the world's merge shifts them within a slot). */
  events(): ChainEvent[];
}

/**
 * Regenerates a simulated world launch by launch, in ordinal order, without merging the tapes:
 * every launch draws from the world state its predecessors left, so launch k is reproduced
 * exactly (same mint, wallets, amounts, slots) after generating launches 0..k−1, at ≈ 2 ms a
 * launch. This is how the state of a simulated launch at any moment is rebuilt from the dataset's
 * manifest (seed, launch count, history bounds) without storing the event stream.
 */
export function* replayLaunches(options: SimOptions): Generator<ReplayedLaunch> {
  const { launches, seed, end } = options;
  const days = options.days ?? launches / 200;
  const schedule = scheduleLaunches({ launches, seed, end, days });
  const clock = new SlotClock(ORIGIN_SLOT, schedule.historyFrom);
  const span = schedule.currentThrough - schedule.historyFrom;
  const migrators: Record<Platform, string> = {
    pumpfun: PUMP_MIGRATOR,
    letsbonk: randomAddress(new Sfc32(seed, 0xb0c)),
  };
  const env = {
    seed,
    clock,
    startSlot: clock.slotOf(schedule.historyFrom),
    endSlot: clock.slotOf(end),
    migrators,
  };
  const world = new WorldState(seed, options.knownExchanges);
  for (let ordinal = 0; ordinal < launches; ordinal++) {
    const createAt = schedule.createAt[ordinal];
    const { tape } = simulateLaunch(world, env, {
      ordinal,
      createSlot: clock.slotOf(createAt),
      timelineFrac: (createAt - schedule.historyFrom) / span,
    });
    let materialized: ChainEvent[] | null = null;
    yield {
      ordinal,
      createAt,
      events() {
        if (materialized === null) {
          materialized = [];
          for (let k = 0; k < tape.length; k++) materialized.push(tape.event(k, tape.txs[k]));
        }
        return materialized;
      },
    };
  }
}
