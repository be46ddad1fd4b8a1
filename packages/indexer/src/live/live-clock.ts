/**
 * The live feed's clock: simulated time that starts at `from` when created and runs `factor`
 * times as fast as `wallNow` (1 = real time).
 */
export function liveClock(options: {
  readonly from: number;
  readonly factor: number;
  readonly wallNow: () => number;
}): () => number {
  if (!(options.factor > 0)) throw new RangeError(`the time factor must be positive, got ${options.factor}`);
  const start = options.wallNow();
  return () => options.from + (options.wallNow() - start) * options.factor;
}
