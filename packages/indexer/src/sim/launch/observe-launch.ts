import type { Holding } from '../cast/holding.js';
import type { SimCreator } from '../cast/sim-creator.js';
import type { LaunchObservables } from './rug-probability.js';

export interface ObserveLaunchInput {
  readonly holdings: readonly Holding[];
  readonly creator: SimCreator;
  readonly supplyRaw: number;
  readonly createSlot: number;
  readonly migrationSlot: number;
  readonly freezeActive: boolean;
  readonly devSold: boolean;
}

/** What the builder will see of a launch at its migration: the inputs of its true rug probability. */
export function observeLaunch(input: ObserveLaunchInput): LaunchObservables {
  const supply = input.supplyRaw;
  const c = input.createSlot;
  let insiders = 0;
  let bundled = 0;
  let snipers = 0;
  let fresh = 0;
  let dev = 0;
  let hidden = 0;
  const held: number[] = [];
  for (const h of input.holdings) {
    if (h.firstBuySlot < 0) continue;
    const t = Math.max(0, h.tokens);
    if (t > 0) held.push(t);
    if (h.insider) insiders += t;
    else if (h.firstBuySlot <= c + 2) snipers += t;
    if (h.role === 'bundle') bundled += t;
    if (h.role === 'creator') dev += t;
    if (h.role === 'hidden_insider') hidden += t;
    if (h.fresh) fresh += t;
  }
  held.sort((a, b) => b - a);
  let top10 = 0;
  for (let i = 0; i < Math.min(10, held.length); i++) top10 += held[i];
  let settled = 0;
  let rugs = 0;
  for (const l of input.creator.launches) {
    if (l.settledSlot > input.migrationSlot) continue;
    settled++;
    if (l.rugged) rugs++;
  }
  const pct = (x: number) => (100 * x) / supply;
  return {
    insidersPct: pct(insiders),
    bundledPct: pct(bundled),
    snipersPct: pct(snipers),
    freshPct: pct(fresh),
    devPct: pct(dev),
    top10Pct: pct(top10),
    devSold: input.devSold,
    freezeActive: input.freezeActive,
    creatorSettled: settled,
    creatorRugs: rugs,
    hiddenInsiderPct: pct(hidden),
  };
}
