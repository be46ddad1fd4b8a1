import type { Queryable, TokenRow } from '@launchlens/engine';
import { warmScreenCache } from '@launchlens/engine/internal';
import type { RiskContext } from './risk-context.js';
import { screenRecordOf } from './screen-record-of.js';

/** The short verdict catalogue rows carry (the screen record's `rug_risk` in brief). */
export interface ShortVerdict {
  readonly verdict: 'extreme' | 'critical' | 'elevated' | 'low' | 'unknown';
  readonly rug_probability_pct: number | null;
  readonly score: number | null;
}

/**
 * Verdicts of a batch of tokens as of `asOf`, exactly as `GET /v1/screen` gives them: the stored
 * histories of tokens not yet in the screen cache are read in one query (their rows are the
 * caller's), then each token is screened.
 */
export async function verdictsOf(
  db: Queryable,
  risk: RiskContext,
  tokens: readonly TokenRow[],
  asOf: number,
): Promise<(ShortVerdict | null)[]> {
  const missing = tokens.filter((t) => !risk.cache.tokens.has(t.mint));
  if (missing.length > 0)
    await warmScreenCache(db, risk.cache, {
      kind: 'mints',
      mints: missing.map((t) => t.mint),
      rows: missing,
    });
  return Promise.all(
    tokens.map(async (t) => {
      const record = await screenRecordOf(db, risk, t.mint, asOf);
      return record === null
        ? null
        : {
            verdict: record.rug_risk.verdict,
            rug_probability_pct: record.rug_risk.rug_probability_pct,
            score: record.rug_risk.score,
          };
    }),
  );
}
