import { z } from 'zod';

export const WebLaunch = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  analyzed_at: z.string(),
  relation: z.enum(['earlier', 'later']),
  same_creator: z.boolean(),
  shared_wallets: z.int(),
  shared_insiders: z.int(),
  /** Null until its outcome settled by as_of. */
  rugged: z.boolean().nullable(),
  /** Recorded post-migration peak market cap (USD): the settled outcome's, else the path summary's. */
  peak_mcap_usd: z.number().nullable(),
  peak_gain_pct: z.number().nullable(),
});
export type WebLaunch = z.infer<typeof WebLaunch>;

/** `GET /v1/web/{mint}`: launches tied to the token (shape: packages/engine/src/wallet/README.md). */
export const TokenWeb = z.object({
  mint: z.string(),
  launches: z.array(WebLaunch),
  launches_total: z.int(),
  earlier: z.int(),
  later: z.int(),
  outcomes: z.object({ settled: z.int(), rugged: z.int(), rug_pct: z.number().nullable() }),
  launches_cap: z.int(),
  says: z.string(),
});
export type TokenWeb = z.infer<typeof TokenWeb>;

export const WEB_LAUNCHES_CAP = 100;
