import { describe, expect, it } from 'vitest';
import { type CalibrationColumns, calibrateBands } from './calibrate-bands.js';

const DAY = 86_400_000;
const T = Date.UTC(2025, 5, 30);

interface Row {
  settled: number;
  band: number;
  rugged?: boolean;
  collapse?: number;
  exit?: boolean;
  x2?: boolean;
  x5?: boolean;
}

function columns(rows: Row[]): [CalibrationColumns, Int8Array] {
  return [
    {
      n: rows.length,
      analyzedAt: Float64Array.from(rows.map((r) => r.settled - DAY)),
      settledAt: Float64Array.from(rows.map((r) => r.settled)),
      rugged: Uint8Array.from(rows.map((r) => Number(r.rugged ?? false))),
      collapseS: Float64Array.from(rows.map((r) => r.collapse ?? Number.NaN)),
      exitWindow: Uint8Array.from(rows.map((r) => Number(r.exit ?? false))),
      reached2x: Uint8Array.from(rows.map((r) => Number(r.x2 ?? false))),
      reached5x: Uint8Array.from(rows.map((r) => Number(r.x5 ?? false))),
    },
    Int8Array.from(rows.map((r) => r.band)),
  ];
}

describe('calibrateBands', () => {
  // band 0 (extreme): 4 settled in the window, 3 rugged with collapse 10, 20, 40 s, one with an exit window
  const rows: Row[] = [
    { settled: T - 1 * DAY, band: 0, rugged: true, collapse: 10, exit: true },
    { settled: T - 2 * DAY, band: 0, rugged: true, collapse: 20 },
    { settled: T - 3 * DAY, band: 0, rugged: true, collapse: 40 },
    { settled: T - 4 * DAY, band: 0, x2: true },
    { settled: T - 1 * DAY, band: 3, x2: true, x5: true },
    { settled: T - 2 * DAY, band: 3 },
    { settled: T - 1 * DAY, band: -1, rugged: true },
    { settled: T - 30 * DAY, band: 0, rugged: false },
    { settled: T + 1, band: 0, rugged: false },
  ];
  const [frame, bands] = columns(rows);
  const cal = calibrateBands(frame, bands, { modelVersion: 'm1', asOf: T, windowDays: 7, minBandN: 1 });

  it('counts only outcomes settled inside the trailing window as of T', () => {
    expect(cal.bands.extreme.n).toBe(4);
    expect(cal.bands.extreme.rugged).toBe(3);
    expect(cal.bands.extreme.rug_rate_pct).toBe(75);
    expect(cal.base.n).toBe(6);
    expect(cal.base.rugged).toBe(3);
    expect(cal.bands.extreme.window).toEqual({
      from: new Date(T - 7 * DAY).toISOString(),
      to: new Date(T).toISOString(),
      days: 7,
    });
  });

  it('gives the Wilson interval of the band rate', () => {
    // 3 of 4, z = 1.96: centre (0.75 + 0.4802)/1.9604, half 1.96·√(0.046875 + 0.060025)/1.9604
    expect(cal.bands.extreme.interval_95.lo_pct).toBeCloseTo(30.0636, 3);
    expect(cal.bands.extreme.interval_95.hi_pct).toBeCloseTo(95.4412, 3);
  });

  it('measures collapse speed with type-7 quantiles and the exit-window share of rugs', () => {
    expect(cal.bands.extreme.collapse_speed).toMatchObject({ n: 3, median_s: 20, p25_s: 15, p75_s: 30 });
    expect(cal.bands.extreme.collapse_speed.exit_window_pct).toBeCloseTo(100 / 3, 10);
  });

  it('sets 2x/5x rates against the base rate', () => {
    expect(cal.base.reached_2x_pct).toBeCloseTo(100 / 3, 10);
    expect(cal.bands.low.upside.reached_2x_pct).toBe(50);
    expect(cal.bands.low.upside.lift_2x).toBeCloseTo(1.5, 10);
    expect(cal.bands.low.upside.lift_5x).toBeCloseTo(3, 10);
    expect(cal.bands.critical.upside.reached_2x_pct).toBeNull();
  });

  it('an empty band has a null rate and the uninformative interval', () => {
    expect(cal.bands.critical.n).toBe(0);
    expect(cal.bands.critical.rug_rate_pct).toBeNull();
    expect(cal.bands.critical.interval_95).toMatchObject({ lo_pct: 0, hi_pct: 100 });
  });

  it('widens a thin band window by doubling, capped at the history, until it has enough tokens', () => {
    const wide = calibrateBands(frame, bands, { modelVersion: 'm1', asOf: T, windowDays: 7, minBandN: 5 });
    // 7 → 14 → 28 → the 31 days back to the earliest settlement (T − 30 d)
    expect(wide.bands.extreme.window.days).toBe(31);
    expect(wide.bands.low.window.days).toBe(31);
    expect(wide.bands.extreme.n).toBe(5);
    expect(wide.base.n).toBe(6);
  });

  it('does not change when outcomes settling after T are added', () => {
    const [later, laterBands] = columns([...rows, { settled: T + DAY, band: 0, rugged: true, collapse: 1 }]);
    expect(
      calibrateBands(later, laterBands, { modelVersion: 'm1', asOf: T, windowDays: 7, minBandN: 1 }),
    ).toEqual(cal);
  });
});

describe('calibrateBands with a recency-weighted trend', () => {
  const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
  /** Per day settled 1…56 days before T: 150 tokens of band 2 with log-odds 0.5 − slope·age, and 3 of band 3 (low). */
  const history = (slope: number): Row[] =>
    Array.from({ length: 56 }, (_, k) => k + 1).flatMap((age) => {
      const rugs = Math.round(150 * sigmoid(0.5 - slope * age));
      return [
        ...Array.from({ length: 150 }, (_, j) => ({ settled: T - age * DAY, band: 2, rugged: j < rugs })),
        ...Array.from({ length: 3 }, (_, j) => ({ settled: T - age * DAY, band: 3, rugged: j === 0 })),
      ];
    });
  const options = { modelVersion: 'm1', asOf: T, windowDays: 56, halfLifeDays: 14 };

  it('tracks a rising rate better than the plain 7-day window', () => {
    const [frame, bands] = columns(history(0.03));
    const cal = calibrateBands(frame, bands, options);
    const plain = calibrateBands(frame, bands, { modelVersion: 'm1', asOf: T, windowDays: 7 });
    // analysed a day before settling, so log-odds 0.53 + 0.03·(days from T to analysis)
    const truth = 100 * sigmoid(0.53);
    const elevated = cal.bands.elevated;
    expect(Math.abs(elevated.rug_rate_pct! - truth)).toBeLessThan(0.5);
    expect(truth - plain.bands.elevated.rug_rate_pct!).toBeGreaterThan(2);
    expect(elevated.window_rate_pct).toBeLessThan(elevated.rug_rate_pct! - 5);
    expect(elevated.interval_95.lo_pct).toBeLessThan(elevated.rug_rate_pct!);
    expect(elevated.interval_95.hi_pct).toBeGreaterThan(elevated.rug_rate_pct!);
    expect(elevated.rate_method).toMatch(/logistic trend/);
    expect(elevated.interval_95.method).toMatch(/effective sample size/);
    expect(cal.trend!.logit_per_day).toBeCloseTo(0.03, 2);
    expect(elevated.n).toBe(55 * 150);
  });

  it('publishes the plain rate of a flat series', () => {
    const [frame, bands] = columns(history(0));
    const cal = calibrateBands(frame, bands, options);
    expect(cal.bands.elevated.rug_rate_pct!).toBeCloseTo(cal.bands.elevated.window_rate_pct!, 1);
    expect(Math.abs(cal.trend!.logit_per_day)).toBeLessThan(1e-6);
  });

  it('still widens a thin band, whose interval is wider', () => {
    const [frame, bands] = columns(history(0.03));
    const cal = calibrateBands(frame, bands, { ...options, windowDays: 7, minBandN: 30 });
    expect(cal.bands.low.window.days).toBe(14);
    // settled in (T − 14 d, T]: ages 1…13, 3 a day
    expect(cal.bands.low.n).toBe(39);
    expect(cal.bands.elevated.window.days).toBe(7);
    const width = (b: { interval_95: { lo_pct: number; hi_pct: number } }) =>
      b.interval_95.hi_pct - b.interval_95.lo_pct;
    expect(width(cal.bands.low)).toBeGreaterThan(2 * width(cal.bands.elevated));
    expect(cal.bands.low.effective_n).toBeLessThan(cal.bands.low.n);
  });

  it('does not change when outcomes settling after T are added', () => {
    const rows = history(0.03);
    const [frame, bands] = columns(rows);
    const [later, laterBands] = columns([...rows, { settled: T + DAY, band: 2, rugged: true }]);
    expect(calibrateBands(later, laterBands, options)).toEqual(calibrateBands(frame, bands, options));
  });

  it('leaves an empty band null and says the plain window has no trend', () => {
    const [frame, bands] = columns(history(0.03));
    const cal = calibrateBands(frame, bands, options);
    expect(cal.bands.extreme.rug_rate_pct).toBeNull();
    expect(cal.bands.extreme.interval_95).toMatchObject({ lo_pct: 0, hi_pct: 100 });
    expect(calibrateBands(frame, bands, { modelVersion: 'm1', asOf: T, windowDays: 7 }).trend).toBeNull();
  });
});
