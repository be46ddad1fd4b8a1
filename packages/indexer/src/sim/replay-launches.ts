import type { ChainEvent } from '../events/chain-event.js';
import { WorldState } from './cast/world-state.js';
import { simulateLaunch } from './launch/simulate-launch.js';
import { scheduleLaunches } from './schedule-launches.js';
import { createSimEnvironment } from './sim-environment.js';
import { ORIGIN_SLOT, type SimOptions } from './simulate-world.js';
import { SlotClock } from './slot-clock.js';

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
  const env = createSimEnvironment(seed, clock, schedule.historyFrom, end);
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
