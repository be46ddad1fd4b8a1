import { z } from 'zod';

const Listed = z.object({ wallet: z.string(), supply_pct: z.number() });

/** `GET /v1/wallets/{mint}`: the addresses behind the token's wallet classes (shape: README.md here). */
export const TokenWallets = z.object({
  mint: z.string(),
  insiders: z.array(Listed.extend({ is_creator: z.boolean(), is_bundle: z.boolean() })),
  snipers: z.array(Listed.extend({ block0: z.boolean(), first_buy_slot: z.int().nullable() })),
  early: z.array(Listed),
  fresh: z.array(Listed.extend({ funder: z.string().nullable(), funder_known: z.string().nullable() })),
  wash: z.array(Listed.extend({ bought_sol: z.number(), sold_sol: z.number() })),
  kols: z.array(Listed.extend({ name: z.string().nullable(), handle: z.string().nullable() })),
  totals: z.object({
    insiders: z.int(),
    snipers: z.int(),
    early: z.int(),
    fresh: z.int(),
    wash: z.int(),
    kols: z.int(),
  }),
  /** Each list is cut at this many wallets, largest holding first; `totals` are the true counts. */
  cap: z.int(),
  says: z.string(),
});
export type TokenWallets = z.infer<typeof TokenWallets>;

export const TOKEN_WALLETS_CAP = 200;
