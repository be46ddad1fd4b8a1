import type { OutcomeRow } from '@launchlens/engine';
import type { ClassificationRules } from './classification-rules.js';

export interface PricePath {
  readonly analyzedAt: number;
  readonly analysisMcapUsd: number;
  /** Trade times (epoch ms, non-decreasing) after analysis and the market cap after each. */
  readonly at: ArrayLike<number>;
  readonly mcapUsd: ArrayLike<number>;
}

/**
 * The rug label of DESIGN §3 from a launch's post-migration trades: rugged when the market cap
 * falls ≥ 90 % from its running post-migration peak (over trades only, so a launch that never
 * trades above its migration price can still miss it) within 24 h, or sits ≤ 10 % of the analysis
 * market cap 6 h after analysis (the last trade at or before that moment).
 */
export function labelOutcome(path: PricePath, rules: ClassificationRules): Omit<OutcomeRow, 'mint'> {
  const start = path.analyzedAt;
  const a0 = path.analysisMcapUsd;
  const windowEnd = start + rules.rugWindowS * 1000;
  const floorAt = start + rules.rugFloorAtS * 1000;
  const exitUntil = start + rules.exitWindowS * 1000;
  const keepPct = 100 - rules.rugDrawdownPct;

  let peak = path.at.length > 0 && path.at[0] <= windowEnd ? path.mcapUsd[0] : a0;
  let peakAt = path.at.length > 0 && path.at[0] <= windowEnd ? path.at[0] : start;
  let trough = peak;
  let drawdownAt: number | null = null;
  let collapseS: number | null = null;
  let floorFirstAt: number | null = null;
  let mcapAtFloorCheck = a0;
  let exitWindow = true;
  for (let i = 0; i < path.at.length; i++) {
    const t = path.at[i];
    if (t > windowEnd) break;
    const m = path.mcapUsd[i];
    if (m > peak) {
      peak = m;
      peakAt = t;
    }
    if (m < trough) trough = m;
    if (drawdownAt === null && m * 100 <= peak * keepPct) {
      drawdownAt = t;
      collapseS = (t - peakAt) / 1000;
    }
    if (floorFirstAt === null && m * 100 <= a0 * rules.rugFloorPct) floorFirstAt = t;
    if (t <= floorAt) mcapAtFloorCheck = m;
    if (t <= exitUntil && m < a0) exitWindow = false;
  }
  const floorRug = mcapAtFloorCheck * 100 <= a0 * rules.rugFloorPct;
  const rugged = drawdownAt !== null || floorRug;
  const ruggedAt = drawdownAt ?? (floorRug ? floorFirstAt : null);
  return {
    settled_at: start + rules.settleAfterS * 1000,
    rugged,
    rugged_at: ruggedAt,
    peak_mcap_usd: peak,
    peak_at: peakAt,
    trough_mcap_usd: trough,
    seconds_to_peak: (peakAt - start) / 1000,
    collapse_s: collapseS,
    exit_window: exitWindow,
    peak_gain_pct: a0 > 0 ? (peak / a0 - 1) * 100 : 0,
    reached_2x: peak >= 2 * a0,
    reached_5x: peak >= 5 * a0,
  };
}
