import type { RiskFrame } from '../features/risk-frame.js';
import { RISK_BANDS, type RiskBand } from '../model/verdict.js';
import { seededRandom } from '../stats/seeded-random.js';
import { summarizeBacktest } from './summarize-backtest.js';
import { type WalkForwardOptions, walkForward } from './walk-forward.js';

export interface RedrawOptions extends WalkForwardOptions {
  /** The moment the last month is judged at, as in `summarizeBacktest`. */
  readonly asOf: number;
  readonly draws: number;
  readonly seed: number;
  /** Called after each draw with the number done (a progress line). */
  readonly onDraw?: (done: number) => void;
}

export interface RedrawBand {
  readonly band: RiskBand;
  /** Share of draws whose published mean lay inside the measured rate's Wilson 95 % interval. */
  readonly inside_pct: number;
  /** Share of draws whose measured rate lay inside the band's published interval (mean bounds). */
  readonly covered_pct: number;
  /** Mean over draws of published − measured, in points (the estimator's lag in expectation). */
  readonly published_minus_measured_pts: number | null;
}

export interface RedrawSummary {
  readonly draws: number;
  readonly seed: number;
  readonly method: string;
  /** Share of draws with every band inside its last-month interval. */
  readonly all_bands_inside_pct: number;
  /** Share of draws with every band's measured rate inside its published interval. */
  readonly all_bands_covered_pct: number;
  readonly bands: readonly RedrawBand[];
}

const METHOD =
  "every settled outcome drawn again as Bernoulli(true probability); each period's model fitted once on the real outcomes and kept; calibration and the last-month check rerun per draw";

/**
 * The last-month band checks over worlds redrawn from the truth (`truth[i]`, token i's true rug
 * probability; NaN keeps the real outcome): how often the bands pass both ways (`inside`,
 * `covered`) and the published rates' mean gap to the measured rate, so that one realisation's
 * luck is told apart from the estimator's lag.
 */
export function redrawBacktest(
  frame: RiskFrame,
  truth: ArrayLike<number>,
  options: RedrawOptions,
): RedrawSummary {
  const models = options.models ?? walkForward(frame, options).periods.map((p) => p.model);
  const uniform = seededRandom(options.seed);
  const inside = new Array<number>(RISK_BANDS.length).fill(0);
  const covered = new Array<number>(RISK_BANDS.length).fill(0);
  const gap = new Array<number>(RISK_BANDS.length).fill(0);
  const gapDraws = new Array<number>(RISK_BANDS.length).fill(0);
  let allInside = 0;
  let allCovered = 0;
  for (let d = 0; d < options.draws; d++) {
    const rugged = new Uint8Array(frame.n);
    for (let i = 0; i < frame.n; i++) {
      const u = uniform();
      rugged[i] = Number.isNaN(truth[i]) ? frame.rugged[i] : u < truth[i] ? 1 : 0;
    }
    const result = walkForward({ ...frame, rugged }, { ...options, models });
    const bands = summarizeBacktest(result, options.asOf).last_month.bands;
    if (bands.every((b) => b.inside !== false)) allInside++;
    if (bands.every((b) => b.covered !== false)) allCovered++;
    bands.forEach((b, k) => {
      if (b.inside) inside[k]++;
      if (b.covered) covered[k]++;
      if (b.published_pct === null || b.measured_pct === null) return;
      gap[k] += b.published_pct - b.measured_pct;
      gapDraws[k]++;
    });
    options.onDraw?.(d + 1);
  }
  const share = (k: number) => (options.draws === 0 ? 0 : (100 * k) / options.draws);
  return {
    draws: options.draws,
    seed: options.seed,
    method: METHOD,
    all_bands_inside_pct: share(allInside),
    all_bands_covered_pct: share(allCovered),
    bands: RISK_BANDS.map((band, k) => ({
      band,
      inside_pct: share(inside[k]),
      covered_pct: share(covered[k]),
      published_minus_measured_pts: gapDraws[k] === 0 ? null : gap[k] / gapDraws[k],
    })),
  };
}
