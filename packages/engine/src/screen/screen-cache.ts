import { LruCache } from '../cache/lru-cache.js';
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
 * their last finished record (the least recently used dropped beyond `maxTokens`) and band
 * calibrations per (model version, UTC day), the 8 most recently used kept.
 */
export interface ScreenCache {
  readonly tokens: LruCache<string, CachedToken>;
  /** Promises, so concurrent first calls of a day share one computation. */
  readonly calibrations: LruCache<string, Promise<BandCalibration>>;
  readonly maxTokens: number;
}

/** Calibrations kept: a few days of one model, or a day of a few. */
const CALIBRATIONS_KEPT = 8;

/** An empty screen cache. */
export function createScreenCache(maxTokens = 250_000): ScreenCache {
  return { tokens: new LruCache(maxTokens), calibrations: new LruCache(CALIBRATIONS_KEPT), maxTokens };
}

/** Adds a token to the cache, dropping the least recently used entry when it is full. */
export function rememberToken(cache: ScreenCache, entry: CachedToken): void {
  cache.tokens.set(entry.inputs.mint, entry);
}
