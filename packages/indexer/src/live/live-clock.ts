/**
 * The live feed's clock: the wall clock, except while the simulated world catches up to it. It
 * reads `from` when created, runs `factor` times as fast as `wallNow` until it meets the wall
 * clock, and from then on is the wall clock: it is never later than `wallNow()`. A world more than
 * `catchUpMs` behind starts `catchUpMs` before now (everything earlier is due at once).
 */
export function liveClock(options: {
  readonly from: number;
  readonly factor: number;
  readonly wallNow: () => number;
  readonly catchUpMs?: number;
}): () => number {
  const { factor, wallNow } = options;
  if (!(factor > 0)) throw new RangeError(`the time factor must be positive, got ${factor}`);
  const started = wallNow();
  const from = Math.max(options.from, started - (options.catchUpMs ?? Number.POSITIVE_INFINITY));
  let caughtUp = false;
  return () => {
    const wall = wallNow();
    if (!caughtUp) {
      const behind = from + (wall - started) * factor;
      if (behind < wall) return behind;
      caughtUp = true;
    }
    return wall;
  };
}
