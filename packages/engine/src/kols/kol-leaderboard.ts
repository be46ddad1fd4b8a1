import { z } from 'zod';
import { KolStats } from './kol-stats.js';
import { KolSort } from './kols-request.js';

/** `GET /v1/kols` answer. */
export const KolLeaderboard = z.object({
  count: z.int(),
  /** Tracked KOLs in the registry (all ranked, before the page was cut). */
  total: z.int(),
  filters: z.object({ days: z.int(), sort: KolSort, limit: z.int() }),
  kols: z.array(KolStats),
  says: z.string(),
});
export type KolLeaderboard = z.infer<typeof KolLeaderboard>;
