import { Sfc32 } from '../sim/random/sfc32.js';

const DAY_MS = 86_400_000;
/** The daily cycle of `scheduleLaunches`: ±35 % around the mean rate. */
const CYCLE = 0.35;

export interface LiveLaunchTimesOptions {
  readonly seed: number;
  /** The first launch is created after this moment (epoch ms). */
  readonly from: number;
  readonly launchesPerDay: number;
}

/**
 * Creation times of an endless run of launches: a Poisson process at `launchesPerDay` under the
 * same ±35 % daily cycle as the historical schedule, drawn by thinning (candidates at the peak
 * rate, each kept with probability rate(t) / peak).
 */
export function* liveLaunchTimes(options: LiveLaunchTimesOptions): Generator<number> {
  if (!(options.launchesPerDay > 0)) {
    throw new RangeError(`launchesPerDay must be positive, got ${options.launchesPerDay}`);
  }
  const rng = new Sfc32(options.seed, 0x11fe);
  const phase = rng.range(0, 2 * Math.PI);
  const peakPerMs = (options.launchesPerDay * (1 + CYCLE)) / DAY_MS;
  let t = options.from;
  for (;;) {
    t += rng.exp(1) / peakPerMs;
    const rate = 1 + CYCLE * Math.sin((2 * Math.PI * t) / DAY_MS + phase);
    if (rng.chance(rate / (1 + CYCLE))) yield Math.floor(t);
  }
}
