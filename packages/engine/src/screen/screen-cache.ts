import type { BandCalibration } from '../calibrate/band-calibration.js';
import type { FeatureInputs } from '../features/feature-inputs.js';

export interface CachedToken {
  /** The token's row and history as of its analysis moment (they never change afterwards). */
  readonly inputs: FeatureInputs;
  /** Raw model inputs in `RISK_FEATURES` order. */
  readonly x: Float64Array;
}

/**
 * What screening keeps between calls, owned by the caller: analysed tokens with their features
 * (insertion-ordered, oldest dropped beyond `maxTokens`) and band calibrations per (model version,
 * UTC day), the newest 8 kept.
 */
export interface ScreenCache {
  readonly tokens: Map<string, CachedToken>;
  /** Promises, so concurrent first calls of a day share one computation. */
  readonly calibrations: Map<string, Promise<BandCalibration>>;
  readonly maxTokens: number;
}

/** An empty screen cache. */
export function createScreenCache(maxTokens = 250_000): ScreenCache {
  return { tokens: new Map(), calibrations: new Map(), maxTokens };
}

/** Adds a token to the cache, dropping the oldest entry when it is full. */
export function rememberToken(cache: ScreenCache, entry: CachedToken): void {
  if (cache.tokens.size >= cache.maxTokens) cache.tokens.delete(cache.tokens.keys().next().value!);
  cache.tokens.set(entry.inputs.mint, entry);
}
