import { z } from 'zod';
import { Platform } from '../tables/token-row.js';
import { TokenVerdict } from './token-verdict.js';

/** API-SPEC §2.3 search hit, with the token's verdict (null when none can be given). */
export const SearchHit = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  analyzed_at: z.string(),
  /** Market cap (USD) at the analysis moment, not a live quote. */
  mcap_at_analysis: z.number().nullable(),
  platform: Platform,
  holders: z.int(),
  insiders: z.int(),
  snipers: z.int(),
  skipped: z.boolean(),
  rug_risk: TokenVerdict.nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** A discover row: a search hit plus the facts a screener sorts on. */
export const DiscoverRow = SearchHit.extend({
  liquidity_at_analysis: z.number().nullable(),
  top10_pct: z.number().nullable(),
  insiders_pct: z.number(),
  snipers_pct: z.number(),
});
export type DiscoverRow = z.infer<typeof DiscoverRow>;
