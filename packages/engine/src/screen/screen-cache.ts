import type { BandCalibration } from '../calibrate/band-calibration.js';
import type { FeatureInputs } from '../features/feature-inputs.js';
import type { CompiledModel } from '../model/compile-model.js';
import type { ScreenRecord } from './screen-record.js';

export interface CachedToken {
  /** The token's row and history as of its analysis moment (they never change afterwards). */
  readonly inputs: FeatureInputs;
  /** Raw model inputs in `RISK_FEATURES` order. */
  readonly x: Float64Array;
  /**
   * The token's last finished record: it depends only on the token, the model and the calibration
   * of the UTC day, so it answers every `asOf` of that day at or after the token's analysis.
   */
  screened?: { readonly model: CompiledModel; readonly dayStart: number; readonly record: ScreenRecord };
}

/**
 * What screening keeps between calls, owned by the caller: analysed tokens with their features and
 * their last finished record (insertion-ordered, oldest dropped beyond `maxTokens`) and band
 * calibrations per (model version, UTC day), the newest 8 kept.
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
