export interface ReliabilityBin {
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
  readonly mean_predicted: number;
  readonly observed_rate: number;
}

export interface CalibrationError {
  readonly ece: number;
  readonly bins: readonly ReliabilityBin[];
}

/**
 * Expected calibration error with `bins` equal-width bins on the predicted probability
 * ([0, 0.1), …, [0.9, 1.0], p = 1 in the last): Σ (n_b / N)·|mean p_b − mean y_b|. Empty bins are
 * left out of `bins`. ECE is NaN when there are no predictions.
 */
export function expectedCalibrationError(
  probabilities: ArrayLike<number>,
  outcomes: ArrayLike<boolean | number>,
  bins = 10,
): CalibrationError {
  const n = probabilities.length;
  const count = new Float64Array(bins);
  const sumP = new Float64Array(bins);
  const sumY = new Float64Array(bins);
  for (let i = 0; i < n; i++) {
    const p = probabilities[i];
    const b = Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
    count[b]++;
    sumP[b] += p;
    sumY[b] += Number(outcomes[i]);
  }
  let ece = 0;
  const out: ReliabilityBin[] = [];
  for (let b = 0; b < bins; b++) {
    if (count[b] === 0) continue;
    const meanP = sumP[b] / count[b];
    const rate = sumY[b] / count[b];
    ece += (count[b] / n) * Math.abs(meanP - rate);
    out.push({ lo: b / bins, hi: (b + 1) / bins, n: count[b], mean_predicted: meanP, observed_rate: rate });
  }
  return { ece: n === 0 ? Number.NaN : ece, bins: out };
}
