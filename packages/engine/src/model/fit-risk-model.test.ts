import { describe, expect, it } from 'vitest';
import { buildRiskFrame } from '../features/risk-frame.js';
import { rocAuc } from '../stats/roc-auc.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { fitRiskModel } from './fit-risk-model.js';
import { RiskModel } from './risk-model.js';

const launches = sampleFeatureInputs(4000, 7);
const frame = buildRiskFrame(
  launches.map((l) => l.inputs),
  launches.map((l) => l.outcome),
);
const cutoff = frame.analyzedAt[2999] + 86_400_000;

describe('fitRiskModel', () => {
  const model = fitRiskModel(frame, { cutoff });

  it('writes a valid artifact trained only on outcomes settled by the cutoff', () => {
    expect(RiskModel.parse(model)).toEqual(model);
    expect(model.training.n).toBe(3000);
    expect(model.training.cutoff).toBe(new Date(cutoff).toISOString());
    expect(model.metrics.converged).toBe(true);
  });

  it('learns the features the labels were drawn from', () => {
    const w = new Map(model.features.map((f) => [f.name, f.weight]));
    expect(w.get('insiders_pct')).toBeGreaterThan(0.5);
    expect(w.get('bundled_pct')).toBeGreaterThan(0.3);
    expect(Math.abs(w.get('kols_log')!)).toBeLessThan(0.15);
    const truth = rocAuc(
      launches.slice(0, 3000).map((l) => l.p),
      launches.slice(0, 3000).map((l) => l.outcome.rugged),
    );
    expect(model.metrics.train_auc).toBeGreaterThan(truth - 0.03);
  });

  it('places strictly increasing cut points near the requested score quantiles', () => {
    const { elevated, critical, extreme } = model.bands.cuts;
    expect(elevated).toBeLessThan(critical);
    expect(critical).toBeLessThan(extreme);
  });

  it('is deterministic: the same rows give the same version', () => {
    expect(fitRiskModel(frame, { cutoff }).version).toBe(model.version);
    expect(fitRiskModel(frame, { cutoff: cutoff - 86_400_000 * 3 }).version).not.toBe(model.version);
  });

  it('names its calibration in the version: another half-life is another version', () => {
    const other = fitRiskModel(frame, { cutoff, calibrationHalfLifeDays: 21 });
    expect(other.intercept).toBe(model.intercept);
    expect(other.version).not.toBe(model.version);
    expect(fitRiskModel(frame, { cutoff, calibrationHalfLifeDays: null }).version).not.toBe(model.version);
  });

  it('refuses to fit on too few outcomes', () => {
    expect(() => fitRiskModel(frame, { cutoff: frame.analyzedAt[10] + 86_400_000 })).toThrow(
      /settled tokens/,
    );
  });
});
