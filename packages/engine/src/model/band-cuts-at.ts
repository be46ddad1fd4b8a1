import { quantileSorted } from '../stats/quantile-sorted.js';
import type { BandCuts } from './risk-model.js';

/**
 * Band cut points at quantiles (type 7, rounded up to whole scores) of ascending scores, forced
 * strictly increasing so every band can hold tokens.
 */
export function bandCutsAt(sortedScores: ArrayLike<number>, q: readonly [number, number, number]): BandCuts {
  const at = (p: number) => Math.ceil(quantileSorted(sortedScores, p) ?? 50);
  const elevated = Math.max(1, at(q[0]));
  const critical = Math.max(elevated + 1, at(q[1]));
  const extreme = Math.max(critical + 1, at(q[2]));
  return { extreme, critical, elevated };
}
