import type { LaunchAt } from './fold-launch-events.js';
import type { KeptLaunch } from './sim-launch-states.js';

/** A folded launch as the states file keeps it: positive balances as two columns, curve events while on its curve. */
export function keptLaunchOf(state: LaunchAt, live: boolean): KeptLaunch {
  const { balances, events, ...launch } = state;
  return {
    launch,
    wallets: [...balances.keys()],
    raws: Float64Array.from(balances.values()),
    events: state.pool === null ? [...events] : null,
    live,
  };
}
