import { RISK_FEATURES } from '../features/risk-features.js';
import type { RiskModel } from './risk-model.js';

/** A model laid out for fast scoring of raw vectors in `RISK_FEATURES` order. */
export interface CompiledModel {
  readonly model: RiskModel;
  readonly d: number;
  readonly intercept: number;
  /** Per `RISK_FEATURES` position: weight / sd and mean (weight 0 for an input the model lacks). */
  readonly slope: Float64Array;
  readonly mean: Float64Array;
  readonly weight: Float64Array;
  readonly sd: Float64Array;
  readonly absWeightTotal: number;
}

/** Lays a stored model out against the engine's current feature order; inputs it lacks get weight 0. */
export function compileModel(model: RiskModel): CompiledModel {
  const d = RISK_FEATURES.length;
  const slope = new Float64Array(d);
  const mean = new Float64Array(d);
  const weight = new Float64Array(d);
  const sd = new Float64Array(d).fill(1);
  const byName = new Map(model.features.map((f) => [f.name, f]));
  let absWeightTotal = 0;
  for (let j = 0; j < d; j++) {
    const f = byName.get(RISK_FEATURES[j].name);
    if (!f) continue;
    mean[j] = f.mean;
    sd[j] = f.sd;
    weight[j] = f.weight;
    slope[j] = f.weight / f.sd;
    absWeightTotal += Math.abs(f.weight);
  }
  return { model, d, intercept: model.intercept, slope, mean, weight, sd, absWeightTotal };
}
