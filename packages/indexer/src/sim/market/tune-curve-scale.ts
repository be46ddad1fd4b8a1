import type { WorldState } from '../cast/world-state.js';
import type { CurveIntent } from '../launch/plan-curve-phase.js';
import { BondingCurve } from './bonding-curve.js';
import type { CurveParams } from './curve-params.js';

/**
 * Finds the factor on organic buy sizes that leaves the curve just short of completing after
 * every planned trade (a dry run without events), so every planned trader gets to buy and a few
 * closing buys complete it. Brackets from the previous launch's factor (`world.lastScale`, updated),
 * then bisects to 2 %.
 */
export function tuneCurveScale(
  intents: readonly CurveIntent[],
  holdings: number,
  params: CurveParams,
  world: WorldState,
): number {
  const n = intents.length;
  const tokens = new Float64Array(holdings);
  const completes = (scale: number): boolean => {
    const curve = new BondingCurve(params);
    tokens.fill(0);
    for (let i = 0; i < n; i++) {
      const it = intents[i];
      if (it.side === 'buy') {
        const fill = curve.buy(Math.max(1000, Math.round(it.scaled ? it.amount * scale : it.amount)));
        tokens[it.h.index] += fill.tokenRaw;
        if (curve.complete) return true;
      } else {
        const t = Math.floor(tokens[it.h.index] * it.amount);
        if (t > 0) {
          curve.sell(t);
          tokens[it.h.index] -= t;
        }
      }
    }
    return false;
  };
  const min = 0.02;
  const max = 80;
  let lo = world.lastScale;
  let hi = lo;
  if (completes(lo)) {
    do {
      hi = lo;
      lo = hi / 1.5;
    } while (lo > min && completes(lo));
    if (lo <= min) return min;
  } else {
    do {
      lo = hi;
      hi = lo * 1.5;
    } while (hi < max && !completes(hi));
    if (hi >= max) return max;
  }
  while (hi / lo > 1.02) {
    const mid = Math.sqrt(lo * hi);
    if (completes(mid)) hi = mid;
    else lo = mid;
  }
  world.lastScale = lo;
  return lo * 0.98;
}
