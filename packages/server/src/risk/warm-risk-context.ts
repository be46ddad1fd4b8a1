import type { Queryable } from '@launchlens/engine';
import { calibrationForDay } from '@launchlens/engine/internal';
import type { RiskContext } from './risk-context.js';

const DAY_MS = 86_400_000;

/**
 * Computes the band calibration of `asOf`'s UTC day, so the first `screen` call does not pay for
 * it (≈ 1 s on 2,000 launches, measured here). Token features are read per call from the served
 * store and kept in the bounded screen cache; nothing is loaded per token at start, so start-up
 * and memory do not grow with the history.
 */
export async function warmRiskContext(db: Queryable, risk: RiskContext, asOf: number): Promise<void> {
  await calibrationForDay(db, risk.model, Math.floor(asOf / DAY_MS) * DAY_MS, risk.cache);
}
