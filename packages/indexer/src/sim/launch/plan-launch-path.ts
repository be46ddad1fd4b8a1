import type { Sfc32 } from '../random/sfc32.js';

/** The hidden kinds of post-migration paths; the first three end rugged. */
export type LaunchType = 'hard_rug' | 'pump_and_dump' | 'slow_bleed' | 'organic' | 'runner';

export const RUG_TYPES: ReadonlySet<string> = new Set(['hard_rug', 'pump_and_dump', 'slow_bleed']);

/** A launch's planned pool path: a target price multiple of the analysis price over time. */
export interface LaunchPath {
  readonly type: LaunchType;
  readonly rug: boolean;
  /** Target multiple of the analysis price `s` seconds after migration (before the collapse). */
  readonly target: (s: number) => number;
  /** Seconds after migration when insiders dump and holders panic (rug types only). */
  readonly collapseAtS: number;
  /** The collapse sells until the price is at most this share of its peak. */
  readonly floorShare: number;
  /** Seconds after migration of the planned peak (KOLs time their exits on it). */
  readonly peakAtS: number;
  /** Non-rug paths never sell the price below this share of its running peak. */
  readonly guardShare: number;
  /** Pool trades the path-follower places over the day. */
  readonly trades: number;
}

const HOUR = 3600;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A log random walk with knots every `step` seconds over a day: exp(σ·W), mean-reverting a little. */
function walk(rng: Sfc32, step: number, sigma: number): Float64Array {
  const n = Math.ceil((24 * HOUR) / step) + 2;
  const knots = new Float64Array(n);
  for (let i = 1; i < n; i++) knots[i] = 0.97 * knots[i - 1] + sigma * rng.normal();
  return knots;
}

function interpolate(knots: Float64Array, step: number, s: number): number {
  const x = Math.max(0, s) / step;
  const i = Math.min(knots.length - 2, Math.floor(x));
  const f = Math.min(1, x - i);
  return knots[i] * (1 - f) + knots[i + 1] * f;
}

/**
 * Plans a launch's post-migration path. Hard rug: a short pump, then insiders dump within minutes.
 * Pump-and-dump: a rise to 1.6–12× over minutes to hours, then a collapse. Slow bleed: a decline
 * over 40 min–22 h ending in capitulation. Organic: a random walk that never loses 70 % from its
 * peak. Runner: a rise to ≥ 5.5× over 1–14 h.
 */
export function planLaunchPath(type: LaunchType, rng: Sfc32): LaunchPath {
  const base = clamp(rng.logNormal(Math.log(150), 0.35), 60, 320);
  switch (type) {
    case 'hard_rug': {
      const peak = rng.range(1.1, 2.2);
      const peakAt = rng.range(20, 600);
      return {
        type,
        rug: true,
        target: (s) => (s < peakAt ? 1 + (peak - 1) * (s / peakAt) : peak),
        collapseAtS: peakAt + rng.range(10, 400),
        floorShare: rng.range(0.035, 0.07),
        peakAtS: peakAt,
        guardShare: 0,
        trades: Math.round(base * 0.6),
      };
    }
    case 'pump_and_dump': {
      const peak = clamp(rng.logNormal(Math.log(3), 0.45), 1.6, 12);
      const peakAt = clamp(rng.logNormal(Math.log(2400), 0.8), 300, 6 * HOUR);
      return {
        type,
        rug: true,
        target: (s) => (s < peakAt ? 1 + (peak - 1) * (s / peakAt) ** 1.5 : peak),
        collapseAtS: peakAt + rng.range(30, 900),
        floorShare: rng.range(0.035, 0.07),
        peakAtS: peakAt,
        guardShare: 0,
        trades: Math.round(base),
      };
    }
    case 'slow_bleed': {
      const peak = rng.range(1.0, 1.6);
      const peakAt = rng.range(60, 1200);
      const endAt = clamp(rng.logNormal(Math.log(4 * HOUR), 0.8), 2400, 22 * HOUR);
      const decay = Math.log(peak / (0.15 * peak)) / (endAt - peakAt);
      return {
        type,
        rug: true,
        target: (s) => (s < peakAt ? 1 + (peak - 1) * (s / peakAt) : peak * Math.exp(-decay * (s - peakAt))),
        collapseAtS: endAt,
        floorShare: rng.range(0.04, 0.07),
        peakAtS: peakAt,
        guardShare: 0,
        trades: Math.round(base),
      };
    }
    case 'organic': {
      const step = 1200;
      const knots = walk(rng, step, 0.16);
      return {
        type,
        rug: false,
        target: (s) => Math.exp(interpolate(knots, step, s)),
        collapseAtS: Number.POSITIVE_INFINITY,
        floorShare: 0,
        peakAtS: rng.range(600, 6 * HOUR),
        guardShare: 0.3,
        trades: Math.round(base * 1.2),
      };
    }
    case 'runner': {
      const top = clamp(rng.logNormal(Math.log(9), 0.5), 5.5, 40);
      const riseS = rng.range(HOUR, 14 * HOUR);
      const step = 1800;
      const knots = walk(rng, step, 0.1);
      return {
        type,
        rug: false,
        target: (s) => {
          const x = Math.min(1, s / riseS);
          const smooth = x * x * (3 - 2 * x);
          return Math.exp(Math.log(top) * smooth + interpolate(knots, step, s));
        },
        collapseAtS: Number.POSITIVE_INFINITY,
        floorShare: 0,
        peakAtS: riseS,
        guardShare: 0.3,
        trades: Math.round(base * 1.8),
      };
    }
  }
}
