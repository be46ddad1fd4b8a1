/**
 * Quantile of an ascending array by linear interpolation between order statistics (Hyndman–Fan
 * type 7, as R's default and DuckDB's `quantile_cont`). Null for an empty array.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
