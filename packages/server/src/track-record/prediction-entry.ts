import { z } from '@hono/zod-openapi';

/** Where a verdict was first published. */
export const PublishedBy = z.enum(['live_feed', 'screen', 'analyze']);
export type PublishedBy = z.infer<typeof PublishedBy>;

/** A verdict as first published, before it is chained (what the service hands to the log). */
export const PublishedVerdict = z.object({
  mint: z.string(),
  published_at: z.iso.datetime().openapi({ description: 'Wall clock when the verdict was first shown' }),
  analyzed_at: z.iso.datetime(),
  model_version: z.string(),
  published_by: PublishedBy,
  score: z.int().nullable(),
  verdict: z.enum(['extreme', 'critical', 'elevated', 'low', 'unknown']),
  rug_probability_pct: z.number().nullable(),
  interval_95: z
    .object({ lo_pct: z.number(), hi_pct: z.number() })
    .nullable()
    .openapi({ description: 'The Wilson 95 % interval published with the probability' }),
});
export type PublishedVerdict = z.infer<typeof PublishedVerdict>;

/** One entry of the prediction log: a published verdict, its place in the chain and its hash. */
export const PredictionEntry = PublishedVerdict.extend({
  seq: z.int().min(1),
  prev_hash: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
}).openapi('PredictionEntry');
export type PredictionEntry = z.infer<typeof PredictionEntry>;

/** `prev_hash` of the first entry. */
export const GENESIS_PREV_HASH = '0'.repeat(64);
