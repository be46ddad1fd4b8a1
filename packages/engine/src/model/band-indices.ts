import type { RiskFrame } from '../features/risk-frame.js';
import { bandOf } from './band-of.js';
import type { CompiledModel } from './compile-model.js';
import { scoreBatch } from './score-batch.js';
import { RISK_BANDS } from './verdict.js';

/** Every frame token's score and band index in `RISK_BANDS` under a model; skipped tokens get −1. */
export function bandIndices(
  m: CompiledModel,
  frame: Pick<RiskFrame, 'n' | 'x' | 'skipped'>,
): {
  readonly scores: Uint8Array;
  readonly bands: Int8Array;
} {
  const scores = scoreBatch(m, frame.x, frame.n);
  const bands = new Int8Array(frame.n);
  const cuts = m.model.bands.cuts;
  for (let i = 0; i < frame.n; i++) {
    bands[i] = frame.skipped[i] ? -1 : RISK_BANDS.indexOf(bandOf(cuts, scores[i]));
  }
  return { scores, bands };
}
