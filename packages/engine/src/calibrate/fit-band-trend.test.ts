import { describe, expect, it } from 'vitest';
import { type BandTrendColumns, fitBandTrend } from './fit-band-trend.js';

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 1);
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

interface Day {
  /** Days before T the cohort was analysed (it settles a day later). */
  ago: number;
  band: number;
  n: number;
  rugged: number;
}

function columns(days: Day[]): [BandTrendColumns, Int8Array] {
  const analyzedAt: number[] = [];
  const rugged: number[] = [];
  const member: number[] = [];
  for (const d of days) {
    for (let j = 0; j < d.n; j++) {
      analyzedAt.push(T - d.ago * DAY);
      rugged.push(j < d.rugged ? 1 : 0);
      member.push(d.band);
    }
  }
  return [
    {
      n: analyzedAt.length,
      analyzedAt: Float64Array.from(analyzedAt),
      settledAt: Float64Array.from(analyzedAt, (a) => a + DAY),
      rugged: Uint8Array.from(rugged),
    },
    Int8Array.from(member),
  ];
}

/** 200 tokens a day analysed 2…57 days before T, rug log-odds −0.5 + slope·(days from T). */
const rising = (slope: number, band = 0, perDay = 200): Day[] =>
  Array.from({ length: 56 }, (_, k) => {
    const ago = k + 2;
    return { ago, band, n: perDay, rugged: Math.round(perDay * sigmoid(-0.5 - slope * ago)) };
  });

const plainRate = (days: Day[], maxAgo: number): number => {
  const kept = days.filter((d) => d.ago <= maxAgo);
  return kept.reduce((a, d) => a + d.rugged, 0) / kept.reduce((a, d) => a + d.n, 0);
};

describe('fitBandTrend', () => {
  it('reads a rising rate at the as-of moment, closer than the last week’s plain rate', () => {
    const days = rising(0.03);
    const [rows, member] = columns(days);
    const fit = fitBandTrend(rows, member, { asOf: T, halfLifeDays: 14, bandCount: 4 });
    const truth = sigmoid(-0.5);
    const lastWeek = plainRate(days, 8);
    expect(fit.logitPerDay).toBeCloseTo(0.03, 3);
    expect(Math.abs(fit.rate[0] - truth)).toBeLessThan(0.005);
    expect(truth - lastWeek).toBeGreaterThan(0.02);
    expect(Number.isNaN(fit.rate[1])).toBe(true);
  });

  it('gives the plain rate of a flat series, with no slope', () => {
    const days = rising(0);
    const [rows, member] = columns(days);
    const fit = fitBandTrend(rows, member, { asOf: T, halfLifeDays: 14, bandCount: 4 });
    expect(Math.abs(fit.logitPerDay)).toBeLessThan(1e-9);
    expect(fit.rate[0]).toBeCloseTo(plainRate(days, 100), 3);
  });

  it('with equal weights and one analysis time it is the plain proportion of n tokens', () => {
    const [rows, member] = columns([{ ago: 3, band: 2, n: 200, rugged: 50 }]);
    const fit = fitBandTrend(rows, member, { asOf: T, halfLifeDays: 1e9, bandCount: 4 });
    // half a pseudo rug and half a pseudo non-rug: (50 + 0.5) / (200 + 1)
    expect(fit.rate[2]).toBeCloseTo(50.5 / 201, 6);
    expect(fit.effectiveN[2]).toBeGreaterThan(195);
    expect(fit.effectiveN[2]).toBeLessThan(205);
  });

  it('lends a thin band the slope of the others, and a wider uncertainty', () => {
    const thick = rising(0.03, 0);
    const thin = rising(0.03, 1, 4).map((d) => ({ ...d, rugged: Math.round(4 * sigmoid(1 - 0.03 * d.ago)) }));
    const [rows, member] = columns([...thick, ...thin]);
    const fit = fitBandTrend(rows, member, { asOf: T, halfLifeDays: 14, bandCount: 4 });
    expect(fit.logitPerDay).toBeCloseTo(0.03, 2);
    expect(fit.effectiveN[1]).toBeLessThan(fit.effectiveN[0] / 5);
    expect(fit.rate[1]).toBeGreaterThan(plainRate(thin, 100));
  });

  it('keeps an all-rug band finite', () => {
    const [rows, member] = columns([{ ago: 3, band: 0, n: 40, rugged: 40 }]);
    const fit = fitBandTrend(rows, member, { asOf: T, halfLifeDays: 14, bandCount: 4 });
    expect(fit.rate[0]).toBeGreaterThan(0.97);
    expect(fit.rate[0]).toBeLessThan(1);
    expect(Number.isFinite(fit.effectiveN[0])).toBe(true);
  });
});
