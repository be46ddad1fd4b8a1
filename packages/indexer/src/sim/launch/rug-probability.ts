/** What the builder will be able to see of a launch at its migration (computed by the simulator). */
export interface LaunchObservables {
  readonly insidersPct: number;
  readonly bundledPct: number;
  readonly snipersPct: number;
  readonly freshPct: number;
  readonly devPct: number;
  readonly top10Pct: number;
  readonly devSold: boolean;
  readonly freezeActive: boolean;
  /** The creator's earlier launches settled by now, and how many of them rugged. */
  readonly creatorSettled: number;
  readonly creatorRugs: number;
  /** Not visible to the builder's rules: supply held by insiders funded through the creator's funder. */
  readonly hiddenInsiderPct: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * The true rug probability of a launch: a logistic function of its observables, a hidden part
 * (insiders funded at one remove, and `noise`, a standard normal draw per launch) and a regime
 * drift over the timeline (`t` = 0 at the start of history, 1 at its end): the base rate rises and
 * the weight moves from insider concentration to fresh-wallet share, so calibration windows matter.
 */
export function rugProbability(o: LaunchObservables, t: number, noise: number): number {
  const history = o.creatorSettled > 0 ? (o.creatorRugs + 1.3) / (o.creatorSettled + 2) - 0.65 : 0;
  const observed =
    (1.05 - 0.45 * t) * ((o.insidersPct - 12) / 10) +
    (0.35 + 0.55 * t) * ((o.freshPct - 12) / 10) +
    0.3 * ((o.snipersPct - 3) / 4) +
    0.25 * ((o.devPct - 3) / 3) +
    0.25 * ((o.top10Pct - 35) / 10) +
    2.2 * history +
    (o.freezeActive ? 1.5 : 0) +
    (o.devSold ? 0.35 : 0);
  const logit = 0.85 + 0.5 * (t - 0.5) + 1.32 * observed + 0.3 * (o.hiddenInsiderPct / 5) + 0.45 * noise;
  return sigmoid(logit);
}
