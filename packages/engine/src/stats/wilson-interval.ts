export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

/**
 * Wilson score interval of a binomial proportion, z = 1.96 (95 %). With n = 0 nothing is known
 * and the interval is [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}
