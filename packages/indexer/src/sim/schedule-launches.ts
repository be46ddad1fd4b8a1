import { Sfc32 } from './random/sfc32.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CELL_MS = 60_000;

export interface LaunchScheduleOptions {
  readonly launches: number;
  readonly seed: number;
  readonly end: number;
  readonly days: number;
}

/** When each simulated launch is created, and the timeline's landmarks. */
export interface LaunchSchedule {
  readonly historyFrom: number;
  /** End of the coverage-gap period (the first 10 % of the timeline). */
  readonly completeSince: number;
  readonly currentThrough: number;
  /** Creation times (epoch ms, non-decreasing) of the launches the dataset will hold. */
  readonly createAt: Float64Array;
  /** Indexer outages inside the gap period: launches created in them are not in the dataset. */
  readonly outages: readonly { readonly from: number; readonly to: number }[];
}

/**
 * Creation times of `launches` launches: a Poisson process conditioned on its count (sorted
 * uniforms from exponential spacings) under a daily cycle (±35 %), with no launches in three
 * outage windows that take 15 % of the first 10 % of the timeline. Launches start half an hour after
 * `historyFrom` (room for their wallets' funding) and stop 10 h (at most 30 % of the span) before
 * `end`, so every one migrates inside the history.
 */
export function scheduleLaunches(options: LaunchScheduleOptions): LaunchSchedule {
  const rng = new Sfc32(options.seed, 0x5c4ed);
  const span = options.days * DAY_MS;
  const historyFrom = options.end - span;
  const completeSince = historyFrom + 0.1 * span;
  const createUntil = options.end - Math.min(10 * HOUR_MS, 0.3 * span);

  const gap = completeSince - historyFrom;
  const outages: { from: number; to: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const len = 0.05 * gap * rng.range(0.6, 1.4);
    const third = gap / 3;
    const from = historyFrom + i * third + rng.range(0, third - len);
    outages.push({ from, to: from + len });
  }

  // The first half hour is left to the funding of the first launches' wallets.
  const createFrom = historyFrom + Math.min(30 * 60_000, 0.01 * span);
  const cells = Math.max(1, Math.ceil((createUntil - createFrom) / CELL_MS));
  const cumulative = new Float64Array(cells + 1);
  const phase = rng.range(0, 2 * Math.PI);
  let o = 0;
  for (let c = 0; c < cells; c++) {
    const t = createFrom + (c + 0.5) * CELL_MS;
    while (o < outages.length && outages[o].to <= t) o++;
    const down = o < outages.length && outages[o].from <= t;
    const w = down ? 0 : 1 + 0.35 * Math.sin((2 * Math.PI * t) / DAY_MS + phase);
    cumulative[c + 1] = cumulative[c] + w;
  }

  const n = options.launches;
  const spacing = new Float64Array(n + 1);
  let total = 0;
  for (let i = 0; i <= n; i++) {
    total += rng.exp(1);
    spacing[i] = total;
  }
  const createAt = new Float64Array(n);
  const mass = cumulative[cells];
  let cell = 0;
  for (let i = 0; i < n; i++) {
    const target = (spacing[i] / total) * mass;
    while (cell < cells - 1 && cumulative[cell + 1] < target) cell++;
    const w = cumulative[cell + 1] - cumulative[cell];
    const frac = w > 0 ? (target - cumulative[cell]) / w : 0;
    createAt[i] = Math.floor(createFrom + (cell + frac) * CELL_MS);
  }
  return { historyFrom, completeSince, currentThrough: options.end, createAt, outages };
}
