import type { KolRow } from '@launchlens/engine';
import type { ChainEvent } from '../events/chain-event.js';
import { IndexerError } from '../indexer-error.js';
import { MAX_LEAD_S } from '../sim/cast/launch-actors.js';
import { WorldState } from '../sim/cast/world-state.js';
import { EventMerger } from '../sim/event-merger.js';
import { simulateLaunch } from '../sim/launch/simulate-launch.js';
import { CURVE_PARAMS } from '../sim/market/curve-params.js';
import { solUsdPath } from '../sim/market/sol-usd-path.js';
import { createSimEnvironment } from '../sim/sim-environment.js';
import { ORIGIN_SLOT } from '../sim/simulate-world.js';
import { SlotClock } from '../sim/slot-clock.js';
import { liveLaunchTimes } from './live-launch-times.js';

export interface LiveWorldOptions {
  /** The dataset's seed: the same KOLs, sniper fleets and SOL/USD path as its history. */
  readonly seed: number;
  /** The dataset's `history_from` (epoch ms): slots continue its clock. */
  readonly historyFrom: number;
  /** Launches are created from here on (epoch ms), wallets funded no earlier. */
  readonly from: number;
  /**
   * Ordinal of the first live launch. Each launch draws from its own stream (seed, ordinal), so
   * this must lie beyond the history's launches or the live world would replay their mints.
   */
  readonly firstOrdinal: number;
  readonly launchesPerDay: number;
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
}

export interface LiveWorld {
  /** Endless, ordered by (slot, tx index); launches are generated as the merge reaches them. */
  readonly events: Iterator<ChainEvent>;
  readonly kols: readonly KolRow[];
  readonly solUsdAt: (at: number) => number;
}

/** Live launches run until 24 h after migration; the horizon only has to lie beyond any run. */
const HORIZON_MS = 100 * 365 * 86_400_000;
/**
 * Every `STALLED_EVERY`-th launch (from the first) is joined by one that stalls on its curve:
 * simulated like any other, but its events stop once half the curve's tokens are sold (no
 * migration, no pool), so the world always holds launches on their curves for `analyze`.
 */
const STALLED_EVERY = 16;
/** Ordinals of stalled launches lie this far beyond the migrating ones. */
const STALLED_ORDINAL_OFFSET = 2 ** 29;
const STALL_AT_SOLD = 0.5;

/**
 * The world simulator run forward without an end (DESIGN §7): the same populations, curves and
 * pool paths as `simulateWorld`, with launches created at `launchesPerDay` from `from`. Its
 * regime is the history's last one (timeline position 1). Creators and organic traders start
 * fresh; KOLs and sniper fleets are the history's own, so their live trades continue their records.
 * A few launches stall on their curve for good (`STALLED_EVERY`), as most real launches do.
 */
export function simulateLiveWorld(options: LiveWorldOptions): LiveWorld {
  const { seed } = options;
  if (!Number.isInteger(seed))
    throw new IndexerError('sim_invalid_options', `seed must be an integer, got ${seed}`);
  if (options.knownExchanges.length === 0) {
    throw new IndexerError(
      'sim_invalid_options',
      'knownExchanges is empty: fresh wallets are funded from exchanges',
    );
  }
  const clock = new SlotClock(ORIGIN_SLOT, options.historyFrom);
  const env = createSimEnvironment(seed, clock, options.from, options.from + HORIZON_MS);
  const world = new WorldState(seed, options.knownExchanges);

  function* generate(): Generator<ChainEvent> {
    const merger = new EventMerger();
    const lead = SlotClock.slots(MAX_LEAD_S);
    const times = liveLaunchTimes({ seed, from: options.from, launchesPerDay: options.launchesPerDay });
    let ordinal = options.firstOrdinal;
    let createSlot = clock.slotOf(times.next().value as number);
    /** Stalled mints: undefined while still trading, the stall reached once it is. */
    const stalled = new Map<string, boolean>();
    const stallsAt = new Map<string, number>();
    for (;;) {
      while (merger.size === 0 || createSlot - lead <= merger.peekSlot()) {
        const launch = simulateLaunch(world, env, { ordinal, createSlot, timelineFrac: 1 });
        merger.add(ordinal, launch.tape);
        if ((ordinal - options.firstOrdinal) % STALLED_EVERY === 0) {
          const stalledOrdinal = ordinal + STALLED_ORDINAL_OFFSET;
          const other = simulateLaunch(world, env, {
            ordinal: stalledOrdinal,
            createSlot: createSlot + 1,
            timelineFrac: 1,
          });
          merger.add(stalledOrdinal, other.tape);
          stalled.set(other.oracle.mint, false);
        }
        ordinal++;
        createSlot = clock.slotOf(times.next().value as number);
      }
      const e = merger.pop();
      if (!('mint' in e) || !stalled.has(e.mint)) {
        yield e;
        continue;
      }
      if (stalled.get(e.mint)) continue;
      if (e.kind === 'create') {
        const p = CURVE_PARAMS[e.platform];
        stallsAt.set(e.mint, p.virtualTokenRaw - STALL_AT_SOLD * p.curveTokenRaw);
      } else if (e.kind === 'curve_trade' && e.virtual_token_raw <= (stallsAt.get(e.mint) ?? 0)) {
        stalled.set(e.mint, true);
        stallsAt.delete(e.mint);
        continue;
      } else if (e.kind === 'migration' || e.kind === 'pool_trade') {
        stalled.set(e.mint, true);
        stallsAt.delete(e.mint);
        continue;
      }
      yield e;
    }
  }

  return {
    events: generate(),
    kols: world.kols.map((k) => k.row),
    solUsdAt: solUsdPath(seed),
  };
}
