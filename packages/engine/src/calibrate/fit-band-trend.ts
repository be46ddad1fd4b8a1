export interface BandTrendColumns {
  readonly n: number;
  readonly analyzedAt: ArrayLike<number>;
  readonly settledAt: ArrayLike<number>;
  readonly rugged: ArrayLike<number>;
}

export interface FitBandTrendOptions {
  /** The moment the rates are read at (epoch ms); ages and times are measured from it. */
  readonly asOf: number;
  /** An outcome's weight halves every `halfLifeDays` of age (asOf − settled_at). */
  readonly halfLifeDays: number;
  readonly bandCount: number;
}

export interface BandTrend {
  /** Per band: the fitted rug probability at `asOf`, 0–1; NaN for a band without rows. */
  readonly rate: Float64Array;
  /** Per band: p(1 − p) ÷ Var(p̂), the sample size a plain proportion would need for the same precision. */
  readonly effectiveN: Float64Array;
  /** The common slope of every band's log-odds per day of analysis time. */
  readonly logitPerDay: number;
  readonly iterations: number;
}

const DAY_MS = 86_400_000;
const MAX_ITERATIONS = 50;
/** Each band gets half a rug and half a non-rug (weight 1 in all) at its mean time, so an all-rug band stays finite. */
const PSEUDO_WEIGHT = 0.5;
const SLOPE_RIDGE = 1e-6;
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * Recency-weighted logistic trend shared by the bands: logit p = α_band + β·t, t = days from
 * `asOf` to the token's analysis, each outcome weighted 0.5^(age / half-life), fitted by Newton–
 * Raphson. `member[i]` is row i's band (−1 = not used). The rate is read at t = 0 and its
 * variance is the sandwich (robust) variance of α_band (the pseudo-counts count as prior, not data), since recency weights are
 * not inverse variances.
 */
export function fitBandTrend(
  rows: BandTrendColumns,
  member: ArrayLike<number>,
  options: FitBandTrendOptions,
): BandTrend {
  const k = options.bandCount;
  const idx: number[] = [];
  const t: number[] = [];
  const w: number[] = [];
  const sumW = new Float64Array(k);
  const sumWY = new Float64Array(k);
  const sumWT = new Float64Array(k);
  for (let i = 0; i < rows.n; i++) {
    const b = member[i];
    if (b < 0) continue;
    const ti = (rows.analyzedAt[i] - options.asOf) / DAY_MS;
    const wi = 0.5 ** ((options.asOf - rows.settledAt[i]) / (options.halfLifeDays * DAY_MS));
    idx.push(i);
    t.push(ti);
    w.push(wi);
    sumW[b] += wi;
    sumWY[b] += wi * rows.rugged[i];
    sumWT[b] += wi * ti;
  }
  const tMean = Float64Array.from(sumWT, (s, b) => (sumW[b] > 0 ? s / sumW[b] : 0));
  const alpha = Float64Array.from(sumW, (s, b) => {
    const p = (sumWY[b] + PSEUDO_WEIGHT) / (s + 2 * PSEUDO_WEIGHT);
    return Math.log(p / (1 - p));
  });
  let beta = 0;

  const g = new Float64Array(k);
  const hbb = new Float64Array(k);
  const hbt = new Float64Array(k);
  let iterations = 0;
  let htt = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    g.fill(0);
    hbb.fill(0);
    hbt.fill(0);
    let gt = -SLOPE_RIDGE * beta;
    htt = SLOPE_RIDGE;
    for (let b = 0; b < k; b++) {
      if (sumW[b] === 0) continue;
      const p = sigmoid(alpha[b] + beta * tMean[b]);
      const v = 2 * PSEUDO_WEIGHT * p * (1 - p);
      g[b] += PSEUDO_WEIGHT - 2 * PSEUDO_WEIGHT * p;
      gt += (PSEUDO_WEIGHT - 2 * PSEUDO_WEIGHT * p) * tMean[b];
      hbb[b] += v;
      hbt[b] += v * tMean[b];
      htt += v * tMean[b] * tMean[b];
    }
    for (let r = 0; r < idx.length; r++) {
      const i = idx[r];
      const b = member[i];
      const p = sigmoid(alpha[b] + beta * t[r]);
      const e = w[r] * (rows.rugged[i] - p);
      const v = w[r] * p * (1 - p);
      g[b] += e;
      gt += e * t[r];
      hbb[b] += v;
      hbt[b] += v * t[r];
      htt += v * t[r] * t[r];
    }
    const step = solveArrow(hbb, hbt, htt, g, gt);
    let largest = Math.abs(step.beta);
    beta += step.beta;
    for (let b = 0; b < k; b++) {
      if (sumW[b] === 0) continue;
      alpha[b] += step.alpha[b];
      largest = Math.max(largest, Math.abs(step.alpha[b]));
    }
    if (largest < 1e-10) break;
  }

  const rate = new Float64Array(k).fill(Number.NaN);
  const effectiveN = new Float64Array(k);
  // Each row's fitted probability, the same in every band's variance below (computed once, not per band).
  const fitted = Float64Array.from(idx, (i, r) => sigmoid(alpha[member[i]] + beta * t[r]));
  for (let b = 0; b < k; b++) {
    if (sumW[b] === 0) continue;
    const p = sigmoid(alpha[b]);
    rate[b] = p;
    const unit = new Float64Array(k);
    unit[b] = 1;
    const u = solveArrow(hbb, hbt, htt, unit, 0);
    let variance = 0;
    for (let r = 0; r < idx.length; r++) {
      const c = member[idx[r]];
      const pc = fitted[r];
      const s = u.alpha[c] + u.beta * t[r];
      variance += w[r] * w[r] * pc * (1 - pc) * s * s;
    }
    effectiveN[b] = variance > 0 ? 1 / (p * (1 - p) * variance) : 0;
  }
  return { rate, effectiveN, logitPerDay: beta, iterations };
}

/** Solves [diag(hbb) hbt; hbtᵀ htt]·x = [g; gt] by the Schur complement of the diagonal block. */
function solveArrow(
  hbb: Float64Array,
  hbt: Float64Array,
  htt: number,
  g: ArrayLike<number>,
  gt: number,
): { alpha: Float64Array; beta: number } {
  let s = htt;
  let r = gt;
  for (let b = 0; b < hbb.length; b++) {
    if (hbb[b] === 0) continue;
    s -= (hbt[b] * hbt[b]) / hbb[b];
    r -= (hbt[b] * g[b]) / hbb[b];
  }
  const beta = s > 0 ? r / s : 0;
  const alpha = Float64Array.from(hbb, (h, b) => (h === 0 ? 0 : (g[b] - hbt[b] * beta) / h));
  return { alpha, beta };
}
