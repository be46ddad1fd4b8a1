import { describe, expect, it } from 'vitest';
import { buildRiskFrame } from '../features/risk-frame.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { compileModel } from './compile-model.js';
import { fitRiskModel } from './fit-risk-model.js';
import { scoreBatch } from './score-batch.js';
import { scoreToken } from './score-token.js';

const launches = sampleFeatureInputs(3000, 11);
const frame = buildRiskFrame(
  launches.map((l) => l.inputs),
  launches.map((l) => l.outcome),
);
const model = compileModel(fitRiskModel(frame, { cutoff: frame.analyzedAt[2000] }));
const tokenAt = (i: number) => ({
  skipped: false,
  skip_reason: null,
  x: frame.x.subarray(i * frame.d, (i + 1) * frame.d),
});

describe('scoreToken', () => {
  it('contributions add up exactly to the score for every token', () => {
    for (let i = 0; i < frame.n; i++) {
      const s = scoreToken(model, tokenAt(i));
      if (s.kind !== 'scored') throw new Error('expected a score');
      const tenths =
        Math.round(s.contributions.base_points * 10) +
        s.contributions.factors.reduce((a, f) => a + Math.round(f.points * 10), 0);
      expect(tenths).toBe(s.score * 10);
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
    }
  });

  it('lists the largest factor first and names it for people', () => {
    const s = scoreToken(model, tokenAt(5));
    if (s.kind !== 'scored') throw new Error('expected a score');
    const abs = s.contributions.factors.map((f) => Math.abs(f.points));
    expect(abs).toEqual([...abs].sort((a, b) => b - a));
    expect(s.contributions.factors[0].label.length).toBeGreaterThan(5);
  });

  it('a token whose holder data is lacking is unknown, with its reason', () => {
    expect(scoreToken(model, { ...tokenAt(1), skipped: true, skip_reason: 'no holder snapshot' })).toEqual({
      kind: 'unknown',
      reason: 'no holder snapshot',
    });
  });

  it('an unknown input lowers the known share and is scored at its training mean', () => {
    const x = Float64Array.from(tokenAt(3).x);
    const j = model.model.features.findIndex((f) => f.name === 'insiders_pct');
    x[j] = Number.NaN;
    const s = scoreToken(model, { skipped: false, skip_reason: null, x });
    x[j] = model.mean[j];
    const atMean = scoreToken(model, { skipped: false, skip_reason: null, x });
    if (s.kind !== 'scored' || atMean.kind !== 'scored') throw new Error('expected scores');
    expect(s.known_share).toBeLessThan(1);
    expect(atMean.known_share).toBe(1);
    expect(s.score).toBe(atMean.score);
  });

  it('scoreBatch gives the same scores as scoreToken', () => {
    const batch = scoreBatch(model, frame.x, frame.n);
    for (let i = 0; i < frame.n; i++) {
      const s = scoreToken(model, tokenAt(i));
      expect(s.kind === 'scored' ? s.score : -1).toBe(batch[i]);
    }
  });
});
