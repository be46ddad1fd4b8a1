import { z } from 'zod';

/** A launch tied to the token before its analysis moment. */
export const SiblingToken = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  /** When the sibling was analysed (ISO-8601 UTC). */
  seen_at: z.string(),
  shared_wallets: z.int(),
  shared_insiders: z.int(),
  same_creator: z.boolean(),
  /** Null while its outcome had not settled at the token's analysis moment. */
  rugged: z.boolean().nullable(),
});
export type SiblingToken = z.infer<typeof SiblingToken>;

/** API-SPEC §2.3 identity record: the history of the token's wallets before its analysis moment. */
export const IdentityRecord = z.object({
  mint: z.string(),
  /** History counts up to this moment: the token's analysis (migration), never later. */
  history_until: z.string(),
  creator: z
    .object({
      address: z.string(),
      /** Share of supply the creator held at migration (0–100). */
      allocation_pct: z.number(),
      has_sold: z.boolean(),
      prior_launches: z.int(),
      prior_settled: z.int(),
      prior_rugged: z.int(),
    })
    .nullable(),
  identity: z.object({
    /** Wallets of the token checked: every wallet that traded its curve. */
    holders_checked: z.int(),
    /** Of those, wallets that appear in at least one earlier launch. */
    holders_with_history: z.int(),
    /** 100 × holders_with_history ÷ holders_checked. */
    coverage_pct: z.number(),
    /** (wallet, earlier launch) pairs. */
    prior_appearances: z.int(),
    /** Wallets whose realized SOL over earlier closed positions is positive. */
    prior_winners: z.int(),
    /** Wallets that were insiders in at least `SERIAL_MIN_PRIOR` earlier launches. */
    serial_insiders: z.int(),
    /** Wallets that sniped at least `SERIAL_MIN_PRIOR` earlier launches. */
    serial_snipers: z.int(),
    kol_wallets: z.int(),
    prior_realized_sol: z.number(),
    /** The serial insiders, most earlier insider launches first (at most `IDENTITY_CAPS.serial_wallets`). */
    serial_insider_wallets: z.array(z.object({ wallet: z.string(), insider_in: z.int() })),
    says: z.string(),
  }),
  sibling_outcomes: z.object({
    siblings: z.int(),
    /** Siblings whose outcome had settled by the analysis moment. */
    known: z.int(),
    rugged: z.int(),
    rug_pct: z.number().nullable(),
  }),
  sibling_tokens: z.array(SiblingToken),
  sibling_tokens_total: z.int(),
  upside: z
    .object({
      comparable: z.string(),
      n: z.int(),
      reached_2x_pct: z.number(),
      reached_5x_pct: z.number(),
      base_n: z.int(),
      base_2x_pct: z.number().nullable(),
      base_5x_pct: z.number().nullable(),
      base_window_days: z.int(),
    })
    .nullable(),
  says: z.string(),
});
export type IdentityRecord = z.infer<typeof IdentityRecord>;

/** Earlier launches a wallet must have been insider (or sniper) in to count as serial. */
export const SERIAL_MIN_PRIOR = 2;
/** Fewest settled siblings for which `upside` is measured (else null). */
export const UPSIDE_MIN_N = 5;
export const UPSIDE_BASE_WINDOW_DAYS = 30;
export const IDENTITY_CAPS = { sibling_tokens: 25, serial_wallets: 10 } as const;
