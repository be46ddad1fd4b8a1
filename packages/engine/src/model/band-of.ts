import type { BandCuts } from './risk-model.js';
import type { RiskBand } from './verdict.js';

/** The band of a score: at or above a band's cut point and below the next. */
export function bandOf(cuts: BandCuts, score: number): RiskBand {
  if (score >= cuts.extreme) return 'extreme';
  if (score >= cuts.critical) return 'critical';
  if (score >= cuts.elevated) return 'elevated';
  return 'low';
}
