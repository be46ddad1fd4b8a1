/**
 * A wall clock for tests that starts at `at` and advances with real time, so a live feed over a
 * committed dataset (whose history ended long ago) sees "now" a fixed span after that history.
 */
export function pinnedWall(at: number): () => number {
  const started = Date.now();
  return () => at + (Date.now() - started);
}
