import { z } from 'zod';

/** A KOL's trading over everything recorded up to as_of. */
export const KolLifetime = z.object({
  trades: z.int(),
  volume_sol: z.number(),
  realized_sol: z.number(),
  tokens: z.int(),
  /** Settled tokens whose net realized SOL (sum over the KOL's trades of the token) is positive. */
  tokens_won: z.int(),
  /** Tokens traded whose outcome had settled by as_of (their trading is complete). */
  tokens_settled: z.int(),
  /** tokens_won ÷ tokens_settled (0–1); null when nothing settled. */
  win_rate: z.number().nullable(),
  first_trade_at: z.string().nullable(),
  last_trade_at: z.string().nullable(),
});
export type KolLifetime = z.infer<typeof KolLifetime>;

/** A KOL's trading in the requested window (as_of − days, as_of]. */
export const KolRecent = z.object({
  days: z.int(),
  trades: z.int(),
  volume_sol: z.number(),
  realized_sol: z.number(),
  tokens: z.int(),
  last_trade_at: z.string().nullable(),
});
export type KolRecent = z.infer<typeof KolRecent>;

/** API-SPEC §2.3 KOL: registry entry plus lifetime and recent performance. */
export const KolStats = z.object({
  wallet: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  verified: z.boolean(),
  followers: z.int(),
  lifetime: KolLifetime,
  recent: KolRecent,
});
export type KolStats = z.infer<typeof KolStats>;
