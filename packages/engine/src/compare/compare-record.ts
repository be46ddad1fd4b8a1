import { z } from 'zod';

export const SharedRole = z.enum(['holder', 'insider', 'early', 'sniper']);
export type SharedRole = z.infer<typeof SharedRole>;

/** API-SPEC §2.3 shared wallet: a wallet that traded at least two of the compared tokens. */
export const SharedWallet = z.object({
  wallet: z.string(),
  in_tokens: z.int(),
  mints: z.array(z.string()),
  /** Roles it had in any of them: `holder` = held at migration. */
  roles: z.array(SharedRole),
});
export type SharedWallet = z.infer<typeof SharedWallet>;

/** API-SPEC §4.2 compare answer. `count` is the true number of shared wallets; `shared` is cut at the cap. */
export const CompareRecord = z.object({
  compared: z.array(z.string()),
  count: z.int(),
  in_all: z.int(),
  not_covered: z.array(z.string()),
  shared: z.array(SharedWallet),
  shared_cap: z.int(),
  says: z.string(),
});
export type CompareRecord = z.infer<typeof CompareRecord>;

/** Most shared wallets returned (most tokens first). */
export const COMPARE_SHARED_CAP = 200;
