import { z } from '@hono/zod-openapi';

export const MovedHolder = z
  .object({
    wallet: z.string(),
    roles: z.array(z.string()),
    supply_pct_at_analysis: z.number(),
    supply_pct_now: z.number().nullable(),
  })
  .openapi('MovedHolder');
export type MovedHolder = z.infer<typeof MovedHolder>;

const Group = z.object({
  count: z.int(),
  supply_pct_at_analysis: z.number(),
  supply_pct_now: z.number().nullable(),
  /** The largest movers first, at most 20. */
  wallets: z.array(MovedHolder),
});

const RoleShare = z.object({ supply_pct_at_analysis: z.number(), supply_pct_now: z.number().nullable() });

/** Live holders against the launch baseline (API-SPEC §4.2 `changes`). */
export const HolderChanges = z
  .object({
    baseline_at: z.string(),
    checked_at: z.string(),
    source: z.enum(['sim', 'rpc']),
    method: z.string(),
    /** False when only the largest accounts were read: a baseline holder not seen is `unseen`, not `left`. */
    holders_complete: z.boolean(),
    baseline_holders: z.int(),
    holders_now: z.int(),
    /** Supply the baseline holders held at analysis, and what the same wallets hold now. */
    baseline_supply_pct: z.number(),
    baseline_supply_pct_now: z.number().nullable(),
    left: Group,
    reduced: Group,
    grew: Group,
    unseen: z.int(),
    new_holders: Group,
    roles: z.object({ creator: RoleShare, insiders: RoleShare, snipers: RoleShare, bundles: RoleShare }),
  })
  .openapi('HolderChanges');
export type HolderChanges = z.infer<typeof HolderChanges>;
