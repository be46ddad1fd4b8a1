import type { KolRow } from '@launchlens/engine';
import type { OracleRow } from '@launchlens/engine/internal';
import type { EventBatchEncoder } from '../dataset/event-batch-encoder.js';
import type { ChainEvent } from '../events/chain-event.js';
import { IndexerError } from '../indexer-error.js';
import { MAX_LEAD_S } from './cast/launch-actors.js';
import { WorldState } from './cast/world-state.js';
import { EventMerger } from './event-merger.js';
import { simulateLaunch } from './launch/simulate-launch.js';
import { solUsdPath } from './market/sol-usd-path.js';
import { scheduleLaunches } from './schedule-launches.js';
import { createSimEnvironment } from './sim-environment.js';
import { SlotClock } from './slot-clock.js';

export interface SimOptions {
  /** Migrated launches the dataset will hold. */
  readonly launches: number;
  readonly seed: number;
  /** Epoch ms: the history ends here. */
  readonly end: number;
  /** Length of the history; default `launches / 200` (≈ 200 launches a day; 120 days for 24k). */
  readonly days?: number;
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
}

export interface SimWorld {
  /** Lazily generated, ordered by (slot, tx_index); each iteration replays the same world. */
  readonly events: Iterable<ChainEvent>;
  /**
   * The same events added to `encoder` one per step, without building event objects (the
   * batches decode to `events`); each iteration replays the same world.
   */
  readonly encodeInto: (encoder: EventBatchEncoder) => Iterable<void>;
  /** The KOL registry. */
  readonly kols: readonly KolRow[];
  /** Per mint: the true rug probability and hidden launch type, filled as launches are generated. */
  readonly oracle: () => readonly OracleRow[];
  /** The deterministic SOL/USD path. */
  readonly solUsdAt: (at: number) => number;
  readonly historyFrom: number;
  readonly completeSince: number;
  readonly currentThrough: number;
}

/** Slot number of the first moment of history (mainnet was near it in mid-2025). */
export const ORIGIN_SLOT = 350_000_000;
export { PUMP_MIGRATOR } from './sim-environment.js';

/**
 * The seeded world simulator (DESIGN §4): creators, sniper fleets, bundlers, fresh and organic
 * wallets, KOLs, both platforms' curves, migration and pool paths driven by a hidden launch type.
 * Launches are generated one by one in creation order and merged into one stream, so memory holds
 * only the launches between their first funding and the end of their 24 h pool window.
 */
export function simulateWorld(options: SimOptions): SimWorld {
  const { launches, seed, end } = options;
  if (!Number.isInteger(launches) || launches < 1) {
    throw new IndexerError('sim_invalid_options', `launches must be a positive integer, got ${launches}`);
  }
  if (!Number.isInteger(seed))
    throw new IndexerError('sim_invalid_options', `seed must be an integer, got ${seed}`);
  if (!Number.isFinite(end))
    throw new IndexerError('sim_invalid_options', `end must be epoch ms, got ${end}`);
  const days = options.days ?? launches / 200;
  if (!(days > 0)) throw new IndexerError('sim_invalid_options', `days must be positive, got ${days}`);
  if (options.knownExchanges.length === 0) {
    throw new IndexerError(
      'sim_invalid_options',
      'knownExchanges is empty: fresh wallets are funded from exchanges',
    );
  }

  const schedule = scheduleLaunches({ launches, seed, end, days });
  const clock = new SlotClock(ORIGIN_SLOT, schedule.historyFrom);
  const span = schedule.currentThrough - schedule.historyFrom;
  const env = createSimEnvironment(seed, clock, schedule.historyFrom, end);
  const kols = new WorldState(seed, options.knownExchanges).kols.map((k) => k.row);
  let oracle: OracleRow[] = [];

  function* generate<T>(emit: (merger: EventMerger) => T): Generator<T> {
    const world = new WorldState(seed, options.knownExchanges);
    const rows: OracleRow[] = [];
    oracle = rows;
    const merger = new EventMerger();
    const lead = SlotClock.slots(MAX_LEAD_S);
    const createSlots = schedule.createAt.map((at) => clock.slotOf(at));
    let next = 0;
    for (;;) {
      while (next < launches && createSlots[next] - lead <= merger.peekSlot()) {
        const launch = simulateLaunch(world, env, {
          ordinal: next,
          createSlot: createSlots[next],
          timelineFrac: (schedule.createAt[next] - schedule.historyFrom) / span,
        });
        rows.push(launch.oracle);
        merger.add(next, launch.tape);
        next++;
      }
      if (merger.size === 0) return;
      yield emit(merger);
    }
  }

  return {
    events: { [Symbol.iterator]: () => generate((merger) => merger.pop()) },
    encodeInto: (encoder) => ({ [Symbol.iterator]: () => generate((merger) => merger.popInto(encoder)) }),
    kols,
    oracle: () => oracle,
    solUsdAt: solUsdPath(seed),
    historyFrom: schedule.historyFrom,
    completeSince: schedule.completeSince,
    currentThrough: schedule.currentThrough,
  };
}
