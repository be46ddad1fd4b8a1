/** A SOL amount as text with a sign when negative, e.g. `12.35 SOL`, `-0.40 SOL`. */
export function solText(sol: number): string {
  const digits = Math.abs(sol) >= 100 ? 0 : 2;
  return `${sol.toFixed(digits)} SOL`;
}
