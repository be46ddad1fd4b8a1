import { z } from 'zod';
import { Platform } from '../tables/token-row.js';

/** `GET /v1/search` query (API-SPEC §4.2 bounds). `days` absent or 0 means no age limit. */
export const SearchRequest = z.object({
  q: z.string().trim().min(1).max(64).optional(),
  platform: Platform.optional(),
  min_mcap: z.number().min(0).optional(),
  days: z.int().min(0).optional(),
  limit: z.int().min(1).max(50).default(25),
  offset: z.int().min(0).max(10_000).default(0),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
