import type { CompiledModel } from './compile-model.js';

/**
 * Scores n tokens at once (row-major raw inputs, NaN = unknown) into `out`: the same
 * round(100·σ(z)) as `scoreToken`, without contributions. Skipped tokens are not special-cased.
 */
export function scoreBatch(
  m: CompiledModel,
  x: Float64Array,
  n: number,
  out = new Uint8Array(n),
): Uint8Array {
  const d = m.d;
  const { slope, mean } = m;
  let offset = m.intercept;
  for (let j = 0; j < d; j++) offset -= slope[j] * mean[j];
  for (let i = 0; i < n; i++) {
    let z = offset;
    const row = i * d;
    for (let j = 0; j < d; j++) {
      const v = x[row + j];
      z += slope[j] * (Number.isNaN(v) ? mean[j] : v);
    }
    out[i] = Math.round(100 / (1 + Math.exp(-z)));
  }
  return out;
}
