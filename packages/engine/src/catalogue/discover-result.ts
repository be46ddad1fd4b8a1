import { z } from 'zod';
import { Platform } from '../tables/token-row.js';
import { DiscoverRow } from './catalogue-row.js';

/** `GET /v1/discover` answer. */
export const DiscoverResult = z.object({
  count: z.int(),
  /** Tokens passing every filter before the page was cut. */
  matched: z.int(),
  filters: z.object({
    hours: z.int(),
    min_mcap: z.number().nullable(),
    platform: Platform.nullable(),
    max_rug_pct: z.number().nullable(),
    limit: z.int(),
  }),
  tokens: z.array(DiscoverRow),
  says: z.string(),
});
export type DiscoverResult = z.infer<typeof DiscoverResult>;
