import type { RiskFrame } from '../features/risk-frame.js';
import { RISK_BANDS, type RiskBand } from '../model/verdict.js';
import { quantileSorted } from '../stats/quantile-sorted.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import type { BandCalibration, BandRate, CalibrationWindow } from './band-calibration.js';
import { fitBandTrend } from './fit-band-trend.js';
import { SettledRows } from './settled-rows.js';

export type CalibrationColumns = Pick<
  RiskFrame,
  'n' | 'analyzedAt' | 'settledAt' | 'rugged' | 'collapseS' | 'exitWindow' | 'reached2x' | 'reached5x'
>;

export interface CalibrateBandsOptions {
  readonly modelVersion: string;
  /** Only outcomes settled at or before this moment count (epoch ms). */
  readonly asOf: number;
  readonly windowDays: number;
  /** A band with fewer settled tokens doubles its window until it has them or history runs out (default 30). */
  readonly minBandN?: number;
  /**
   * Publish each band's rate from the recency-weighted logistic trend shared by the bands, read
   * at `asOf` (`fitBandTrend`), with outcomes' weights halving every this many days; null or
   * absent publishes the plain rate of the window.
   */
  readonly halfLifeDays?: number | null;
}

const DAY_MS = 86_400_000;
const pct = (k: number, n: number): number | null => (n === 0 ? null : (100 * k) / n);
const WILSON = 'Wilson score interval, z = 1.96';
const PLAIN = "rug rate of the band's tokens settled in the window";
const trendMethod = (h: number): string =>
  `logistic trend of every band's rug rate over analysis time (common slope, one level per band), outcomes weighted 0.5^(age / ${h} days), read at as_of`;
const trendInterval = `${WILSON}, at the effective sample size of the trend-read rate (p(1 − p) ÷ its sandwich variance)`;
const QUANTILES = 'quantile type 7 (linear interpolation between order statistics)';

/**
 * Measures each band over a trailing window of settled outcomes as of `asOf`: rug rate with a
 * Wilson 95 % interval (plain, or read from the bands' recency-weighted trend when
 * `halfLifeDays` is set), collapse speed of its rugs and its 2x/5x rates against the base rate.
 * `bands[i]` is token i's band index in `RISK_BANDS` (−1 for unscored tokens).
 */
export function calibrateBands(
  frame: CalibrationColumns,
  bands: ArrayLike<number>,
  options: CalibrateBandsOptions,
): BandCalibration {
  const { asOf } = options;
  const minN = options.minBandN ?? 30;
  const settled = SettledRows.of(frame.settledAt, frame.n);
  const earliest = Math.min(settled.earliest, asOf);
  const historyDays = Math.max(options.windowDays, Math.ceil((asOf - earliest) / DAY_MS) + 1);

  /** The rows settled in the `days` up to `asOf`. */
  const inWindow = (days: number): Int32Array => settled.between(asOf - days * DAY_MS, asOf);
  const windowOf = (days: number): CalibrationWindow => ({
    from: new Date(asOf - days * DAY_MS).toISOString(),
    to: new Date(asOf).toISOString(),
    days,
  });

  const inBaseWindow = tallyBands(frame, bands, inWindow(options.windowDays));
  const baseN = sumOf(inBaseWindow, 'n');
  const baseRugged = sumOf(inBaseWindow, 'rugged');
  const base2xPct = pct(sumOf(inBaseWindow, 'r2'), baseN);
  const base5xPct = pct(sumOf(inBaseWindow, 'r5'), baseN);

  const rateOf = (b: number): BandRate => {
    let days = options.windowDays;
    let tally = inBaseWindow[b];
    while (tally.n < minN && days < historyDays) {
      days = Math.min(days * 2, historyDays);
      tally = tallyBands(frame, bands, inWindow(days))[b];
    }
    const { n, rugged, r2, r5, exits } = tally;
    // A typed array sorts numbers natively: sorting a window's collapse times with a comparator
    // was most of the band rates' time (a walk-forward calibrates once per day).
    const collapse = Float64Array.from(tally.collapse).sort();
    const ci = wilsonInterval(rugged, n);
    const r2Pct = pct(r2, n);
    const r5Pct = pct(r5, n);
    return {
      n,
      rugged,
      rug_rate_pct: pct(rugged, n),
      rate_method: PLAIN,
      window_rate_pct: pct(rugged, n),
      effective_n: n,
      interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi, method: WILSON },
      window: windowOf(days),
      collapse_speed: {
        n: collapse.length,
        median_s: quantileSorted(collapse, 0.5),
        p25_s: quantileSorted(collapse, 0.25),
        p75_s: quantileSorted(collapse, 0.75),
        exit_window_pct: pct(exits, rugged),
        method: QUANTILES,
      },
      upside: {
        reached_2x_pct: r2Pct,
        reached_5x_pct: r5Pct,
        lift_2x: r2Pct === null || !base2xPct ? null : r2Pct / base2xPct,
        lift_5x: r5Pct === null || !base5xPct ? null : r5Pct / base5xPct,
      },
    };
  };

  const plain = RISK_BANDS.map((_, b) => rateOf(b));
  const halfLife = options.halfLifeDays ?? null;
  let trend: BandCalibration['trend'] = null;
  if (halfLife !== null) {
    const member = new Int8Array(frame.n).fill(-1);
    plain.forEach((rate, b) => {
      const rows = inWindow(rate.window.days);
      for (let k = 0; k < rows.length; k++) if (bands[rows[k]] === b) member[rows[k]] = b;
    });
    const fit = fitBandTrend(frame, member, { asOf, halfLifeDays: halfLife, bandCount: RISK_BANDS.length });
    trend = { logit_per_day: fit.logitPerDay, half_life_days: halfLife };
    plain.forEach((rate, b) => {
      if (rate.n === 0) return;
      const ci = wilsonInterval(fit.rate[b] * fit.effectiveN[b], fit.effectiveN[b]);
      plain[b] = {
        ...rate,
        rug_rate_pct: 100 * fit.rate[b],
        rate_method: trendMethod(halfLife),
        effective_n: fit.effectiveN[b],
        interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi, method: trendInterval },
      };
    });
  }
  const rates = Object.fromEntries(RISK_BANDS.map((band, b) => [band, plain[b]])) as Record<
    RiskBand,
    BandRate
  >;
  return {
    model_version: options.modelVersion,
    as_of: new Date(asOf).toISOString(),
    base: {
      n: baseN,
      rugged: baseRugged,
      rug_rate_pct: pct(baseRugged, baseN),
      reached_2x_pct: base2xPct,
      reached_5x_pct: base5xPct,
      window: windowOf(options.windowDays),
    },
    bands: rates,
    trend,
  };
}

interface BandTally {
  n: number;
  rugged: number;
  r2: number;
  r5: number;
  exits: number;
  /** Collapse times of the band's rugs that collapsed, unsorted. */
  readonly collapse: number[];
}

/** Each band's counts over `rows`, in one pass for every band (rows of no band are skipped). */
function tallyBands(frame: CalibrationColumns, bands: ArrayLike<number>, rows: Int32Array): BandTally[] {
  const tallies = RISK_BANDS.map(() => ({
    n: 0,
    rugged: 0,
    r2: 0,
    r5: 0,
    exits: 0,
    collapse: [] as number[],
  }));
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const b = bands[i];
    if (b < 0) continue;
    const t = tallies[b];
    t.n++;
    t.r2 += frame.reached2x[i];
    t.r5 += frame.reached5x[i];
    if (!frame.rugged[i]) continue;
    t.rugged++;
    t.exits += frame.exitWindow[i];
    if (!Number.isNaN(frame.collapseS[i])) t.collapse.push(frame.collapseS[i]);
  }
  return tallies;
}

const sumOf = (tallies: readonly BandTally[], key: 'n' | 'rugged' | 'r2' | 'r5'): number =>
  tallies.reduce((sum, t) => sum + t[key], 0);
