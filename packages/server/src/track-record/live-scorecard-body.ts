import { z } from '@hono/zod-openapi';

const Interval = z.object({ lo_pct: z.number(), hi_pct: z.number() });
const LiveBand = z.object({
  n: z.int(),
  rugged: z.int(),
  hit_rate_pct: z.number().nullable(),
  interval_95: Interval,
  predicted_pct: z.number().nullable().openapi({ description: 'Mean published rug probability of the band' }),
  brier: z.number().nullable(),
});

/** The `live` section of `/v1/scorecard`. */
export const LiveScorecardBody = z
  .object({
    as_of: z.string(),
    through_seq: z.int().openapi({ description: 'The last prediction-log entry counted' }),
    entries_n: z.int(),
    pending_n: z.int().openapi({ description: 'Entries whose outcome has not settled by `as_of`' }),
    settled_before_publication_n: z
      .int()
      .openapi({ description: 'Entries whose outcome was already known when published: never counted' }),
    unknown_n: z.int(),
    n: z.int(),
    rugged: z.int(),
    base_rate_pct: z.number().nullable(),
    brier: z.number().nullable(),
    ece: z.number().nullable(),
    bands: z.object({ extreme: LiveBand, critical: LiveBand, elevated: LiveBand, low: LiveBand }),
  })
  .openapi('LiveScorecard');
