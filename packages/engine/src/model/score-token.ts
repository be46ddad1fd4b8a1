import { RISK_FEATURES } from '../features/risk-features.js';
import { allocateUnits } from './allocate-units.js';
import { bandOf } from './band-of.js';
import type { CompiledModel } from './compile-model.js';
import type { RiskBand } from './verdict.js';

export interface ScoreContribution {
  readonly factor: string;
  readonly label: string;
  /** Score points to 0.1; positive raises the score. */
  readonly points: number;
}

export interface Contributions {
  readonly method: string;
  /** The score of a token at the training means. */
  readonly base_points: number;
  /** Ordered by absolute points, largest first; base_points + Σ points = score exactly. */
  readonly factors: readonly ScoreContribution[];
}

export interface TokenToScore {
  readonly skipped: boolean;
  readonly skip_reason: string | null;
  /** Raw inputs in `RISK_FEATURES` order (NaN = unknown). */
  readonly x: ArrayLike<number>;
}

export type TokenScore =
  | {
      readonly kind: 'scored';
      readonly score: number;
      /** The model's own probability; the published probability is the band's measured rate. */
      readonly model_probability: number;
      readonly band: RiskBand;
      /** |weight|-weighted share of the model's inputs that were known, 0–1. */
      readonly known_share: number;
      readonly contributions: Contributions;
    }
  | { readonly kind: 'unknown'; readonly reason: string };

const CONTRIBUTION_METHOD =
  'integrated gradients along the straight line from the training means: points_j = 100·w_j·x_j·' +
  '(σ(z) − σ(b₀))/(z − b₀), rounded to 0.1 by largest remainder so they add up to the score';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * Scores one token: score = round(100·σ(z)) with z = b₀ + Σ w_j·(x_j − mean_j)/sd_j, its band
 * from the model's cut points, and contributions that add up to the score. A skipped token
 * (holder data lacking) is `unknown`.
 */
export function scoreToken(m: CompiledModel, token: TokenToScore): TokenScore {
  if (token.skipped) return { kind: 'unknown', reason: token.skip_reason ?? 'holder data lacking' };
  const d = m.d;
  const terms = new Float64Array(d);
  let z = m.intercept;
  let knownWeight = 0;
  for (let j = 0; j < d; j++) {
    const raw = token.x[j];
    if (Number.isNaN(raw) || m.weight[j] === 0) continue;
    terms[j] = (m.weight[j] * (raw - m.mean[j])) / m.sd[j];
    z += terms[j];
    knownWeight += Math.abs(m.weight[j]);
  }
  const score = Math.round(100 * sigmoid(z));
  const base = 100 * sigmoid(m.intercept);
  const dz = z - m.intercept;
  const slope =
    Math.abs(dz) < 1e-9
      ? 100 * sigmoid(m.intercept) * (1 - sigmoid(m.intercept))
      : (100 * sigmoid(z) - base) / dz;
  const baseTenths = Math.round(base * 10);
  const tenths = allocateUnits(
    Array.from(terms, (t) => t * slope * 10),
    score * 10 - baseTenths,
  );
  const factors: ScoreContribution[] = [];
  for (let j = 0; j < d; j++) {
    if (m.weight[j] === 0) continue;
    factors.push({ factor: RISK_FEATURES[j].name, label: RISK_FEATURES[j].label, points: tenths[j] / 10 });
  }
  factors.sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.factor.localeCompare(b.factor));
  return {
    kind: 'scored',
    score,
    model_probability: sigmoid(z),
    band: bandOf(m.model.bands.cuts, score),
    known_share: m.absWeightTotal === 0 ? 1 : knownWeight / m.absWeightTotal,
    contributions: { method: CONTRIBUTION_METHOD, base_points: baseTenths / 10, factors },
  };
}
