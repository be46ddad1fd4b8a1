import { z } from 'zod';
import type { TokenRow } from '../tables/token-row.js';

/** API-SPEC §2.2 `rug_risk.verdict` values (kept here so the catalogue does not import the model). */
const Verdict = z.enum(['extreme', 'critical', 'elevated', 'low', 'unknown']);

/** The risk verdict shown on catalogue rows (the screen record's `rug_risk` in short). */
export const TokenVerdict = z.object({
  verdict: Verdict,
  /** Measured rug rate of the verdict's band; null when the verdict is `unknown`. */
  rug_probability_pct: z.number().nullable(),
  /** 0–100, higher is worse; null when the verdict is `unknown`. */
  score: z.number().nullable(),
});
export type TokenVerdict = z.infer<typeof TokenVerdict>;

/**
 * Verdicts for a batch of tokens, in the same order (null when no verdict can be given). The
 * server wires the risk model's scorer; tests pass a plain function.
 */
export type VerdictOf = (
  tokens: readonly TokenRow[],
) => Promise<readonly (TokenVerdict | null)[]> | readonly (TokenVerdict | null)[];
