import { z } from 'zod';
import { SearchHit } from './catalogue-row.js';

/** `GET /v1/search` answer; an empty `tokens` is an empty result (not billed). */
export const SearchResult = z.object({
  /** Hits on this page. */
  count: z.int(),
  /** Every match before the page was cut (null when the page is past the last match). */
  total: z.int().nullable(),
  query: z.object({
    q: z.string().nullable(),
    platform: z.string().nullable(),
    min_mcap: z.number().nullable(),
    days: z.int().nullable(),
    limit: z.int(),
    offset: z.int(),
  }),
  tokens: z.array(SearchHit),
  says: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;
