import type { BandCalibration } from '../calibrate/band-calibration.js';
import { calibrateBands } from '../calibrate/calibrate-bands.js';
import { buildFrameOutcomesSql } from '../features/build-frame-outcomes-sql.js';
import type { FeatureScope } from '../features/feature-scope.js';
import { loadFeatureInputs } from '../features/load-feature-inputs.js';
import { RISK_TOKEN_COLUMNS, type RiskInputs } from '../features/risk-features.js';
import { buildRiskFrame, type FrameOutcome } from '../features/risk-frame.js';
import { bandIndices } from '../model/band-indices.js';
import type { CompiledModel } from '../model/compile-model.js';
import type { Queryable } from '../store/queryable.js';
import type { ScreenCache } from './screen-cache.js';

const DAY_MS = 86_400_000;
/**
 * Calibration reads at most this many windows of history, the cap of a thin band's widening: 8
 * plain windows (7 → 56 days), 2 trend windows (56 → 112 days; at 112 days an outcome's recency
 * weight is 1/65,536 at the default 7-day half-life, 1/256 at 14 days).
 */
const PLAIN_HISTORY_WINDOWS = 8;
const TREND_HISTORY_WINDOWS = 2;

/**
 * Band calibration of a model as of a UTC day start: the model's bands over tokens settled in its
 * trailing window (widened for thin bands), from cached features where present (the others are
 * read, not kept); cached per (model version, day).
 */
export function calibrationForDay(
  db: Queryable,
  model: CompiledModel,
  dayStart: number,
  cache: ScreenCache,
): Promise<BandCalibration> {
  const key = `${model.model.version}:${dayStart}`;
  let pending = cache.calibrations.get(key);
  if (!pending) {
    pending = measureCalibration(db, model, dayStart, cache);
    cache.calibrations.set(key, pending);
    pending.catch(() => cache.calibrations.delete(key));
  }
  return pending;
}

async function measureCalibration(
  db: Queryable,
  model: CompiledModel,
  dayStart: number,
  cache: ScreenCache,
): Promise<BandCalibration> {
  const days = model.model.calibration_window_days;
  const halfLifeDays = model.model.calibration_half_life_days ?? null;
  const windows = halfLifeDays === null ? PLAIN_HISTORY_WINDOWS : TREND_HISTORY_WINDOWS;
  const scope: FeatureScope = {
    kind: 'settled_between',
    from: dayStart - windows * days * DAY_MS,
    to: dayStart,
  };
  const o = buildFrameOutcomesSql(scope);
  const outcomes = await db.all<FrameOutcome>(o.sql, o.params);
  // Features of tokens not in the cache are read for this computation only (the columns the risk
  // features read): the cache stays the size its owner chose, whatever the window holds.
  const missing = outcomes.filter((r) => !cache.tokens.has(r.mint)).map((r) => r.mint);
  const read = new Map<string, RiskInputs>();
  if (missing.length > 0) {
    const rows = await loadFeatureInputs(db, { kind: 'mints', mints: missing }, RISK_TOKEN_COLUMNS);
    for (const r of rows) read.set(r.mint, r);
  }
  const inputs = outcomes.flatMap((r) => {
    const found = cache.tokens.peek(r.mint)?.inputs ?? read.get(r.mint);
    return found ? [found] : [];
  });
  const frame = buildRiskFrame(inputs, outcomes);
  const { bands } = bandIndices(model, frame);
  return calibrateBands(frame, bands, {
    modelVersion: model.model.version,
    asOf: dayStart,
    windowDays: days,
    halfLifeDays,
  });
}
