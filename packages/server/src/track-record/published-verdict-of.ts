import type { ScreenRecord } from '@launchlens/engine';
import type { PublishedBy, PublishedVerdict } from './prediction-entry.js';

/** The verdict a screen record shows, as the prediction log keeps it. */
export function publishedVerdictOf(
  record: ScreenRecord,
  by: PublishedBy,
  publishedAt: number,
): PublishedVerdict {
  const risk = record.rug_risk;
  const ci = risk.calibration?.interval_95;
  return {
    mint: record.mint,
    published_at: new Date(publishedAt).toISOString(),
    analyzed_at: record.analyzed_at,
    model_version: risk.model_version,
    published_by: by,
    score: risk.score,
    verdict: risk.verdict,
    rug_probability_pct: risk.rug_probability_pct,
    interval_95: ci && risk.rug_probability_pct !== null ? { lo_pct: ci.lo_pct, hi_pct: ci.hi_pct } : null,
  };
}
