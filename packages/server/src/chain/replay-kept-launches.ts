import { replayLaunches, type SimOptions } from '@launchlens/indexer';
import { foldLaunchEvents } from './fold-launch-events.js';
import { keptLaunchOf } from './kept-launch-of.js';
import type { KeptLaunch } from './sim-launch-states.js';

export interface ReplayKeptOptions extends SimOptions {
  /** The moment the states are folded to: launches created later are not replayed. */
  readonly at: number;
}

/** Replays a simulated history (`replayLaunches`) and folds each launch created by `at` to its state then, in order. */
export function* replayKeptLaunches(options: ReplayKeptOptions): Generator<KeptLaunch> {
  const { at, ...world } = options;
  for (const launch of replayLaunches(world)) {
    if (launch.createAt > at) return;
    const state = foldLaunchEvents(launch.events(), at);
    if (state !== null) yield keptLaunchOf(state, false);
  }
}
