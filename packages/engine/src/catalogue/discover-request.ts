import { z } from 'zod';
import { Platform } from '../tables/token-row.js';

/** `GET /v1/discover` query (API-SPEC §4.2 bounds). */
export const DiscoverRequest = z.object({
  hours: z.int().min(1).max(168).default(24),
  min_mcap: z.number().min(0).optional(),
  platform: Platform.optional(),
  max_rug_pct: z.number().min(0).max(100).optional(),
  limit: z.int().min(1).max(100).default(25),
});
export type DiscoverRequest = z.infer<typeof DiscoverRequest>;
