/**
 * Rounds real shares to integers that add up to `total` exactly: floor each, then hand the
 * remaining units to the largest fractional parts (largest-remainder / Hamilton method); a
 * negative remainder takes units back from the smallest fractional parts.
 */
export function allocateUnits(shares: readonly number[], total: number): number[] {
  const floors = shares.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => ({ i, frac: s - floors[i] }));
  if (left > 0) {
    order.sort((a, b) => b.frac - a.frac || a.i - b.i);
    for (let k = 0; left > 0; k = (k + 1) % order.length, left--) floors[order[k].i]++;
  } else if (left < 0) {
    order.sort((a, b) => a.frac - b.frac || a.i - b.i);
    for (let k = 0; left < 0; k = (k + 1) % order.length, left++) floors[order[k].i]--;
  }
  return floors;
}
