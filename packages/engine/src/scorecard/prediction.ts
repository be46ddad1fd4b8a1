import type { Verdict } from '../model/verdict.js';

/** A verdict as it was published at a token's analysis moment, beside the outcome known later. */
export interface Prediction {
  readonly mint: string;
  readonly analyzed_at: number;
  readonly model_version: string;
  /** Null when the verdict was unknown. */
  readonly score: number | null;
  readonly verdict: Verdict;
  /** The published rug probability (the band's measured rate then), 0–1; null when unknown. */
  readonly probability: number | null;
  /** The Wilson 95 % interval published with that probability, 0–1; null when unknown. */
  readonly interval: { readonly lo: number; readonly hi: number } | null;
  /** When the outcome settled and whether it rugged; null while unsettled. */
  readonly settled_at: number | null;
  readonly rugged: boolean | null;
}
