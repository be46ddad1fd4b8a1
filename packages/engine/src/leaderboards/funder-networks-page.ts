import { z } from 'zod';

/** API-SPEC §2.3 funder: a wallet that was the first SOL source of several traders. */
export const Funder = z.object({
  funder: z.string(),
  /** Exchange name when the address is a known wallet, else null. */
  funder_known: z.string().nullable(),
  /** Traders whose first incoming SOL came from this funder by as_of. */
  wallets_funded: z.int(),
  /** Launches analysed by as_of that those wallets traded. */
  tokens: z.int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Earliest funded wallets (at most 5). */
  sample_wallets: z.array(z.string()),
});
export type Funder = z.infer<typeof Funder>;

export const FunderNetworksPage = z.object({
  count: z.int(),
  total: z.int(),
  filters: z.object({ min_wallets: z.int(), limit: z.int() }),
  funders: z.array(Funder),
  says: z.string(),
});
export type FunderNetworksPage = z.infer<typeof FunderNetworksPage>;
