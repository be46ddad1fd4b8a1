import { loadFeatureInputs } from '../features/load-feature-inputs.js';
import { featureVector } from '../features/risk-features.js';
import type { CompiledModel } from '../model/compile-model.js';
import { scoreToken } from '../model/score-token.js';
import type { Queryable } from '../store/queryable.js';
import { buildScreenRecord } from './build-screen-record.js';
import { calibrationForDay } from './calibration-for-day.js';
import { rememberToken, type ScreenCache } from './screen-cache.js';
import type { ScreenRecord } from './screen-record.js';

export interface ScreenOptions {
  readonly model: CompiledModel;
  /** The moment answered for (epoch ms): later tokens are not covered; calibration is as of its UTC day. */
  readonly asOf: number;
  readonly cache: ScreenCache;
}

const DAY_MS = 86_400_000;

/**
 * The screen record of a mint as of `asOf`, or null when the token is not covered (unknown or
 * analysed later). A record finished earlier the same UTC day for the same model is returned as is.
 */
export async function screenToken(
  db: Queryable,
  mint: string,
  options: ScreenOptions,
): Promise<ScreenRecord | null> {
  const { cache } = options;
  let entry = cache.tokens.get(mint);
  if (!entry) {
    const [inputs] = await loadFeatureInputs(db, { kind: 'mints', mints: [mint] });
    if (!inputs) return null;
    entry = { inputs, x: featureVector(inputs) };
    rememberToken(cache, entry);
  }
  const token = entry.inputs;
  if (token.analyzed_at > options.asOf) return null;
  const dayStart = Math.floor(options.asOf / DAY_MS) * DAY_MS;
  const kept = entry.screened;
  if (kept !== undefined && kept.dayStart === dayStart && kept.model === options.model) return kept.record;
  const calibration = await calibrationForDay(db, options.model, dayStart, cache);
  const score = scoreToken(options.model, {
    skipped: token.skipped,
    skip_reason: token.skip_reason,
    x: entry.x,
  });
  const record = buildScreenRecord(token, score, calibration);
  entry.screened = { model: options.model, dayStart, record };
  return record;
}
