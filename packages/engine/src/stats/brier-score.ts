/** Brier score: mean of (p − y)² over predictions p ∈ [0, 1] and outcomes y ∈ {0, 1}. NaN when empty. */
export function brierScore(probabilities: ArrayLike<number>, outcomes: ArrayLike<boolean | number>): number {
  const n = probabilities.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const d = probabilities[i] - Number(outcomes[i]);
    sum += d * d;
  }
  return n === 0 ? Number.NaN : sum / n;
}
