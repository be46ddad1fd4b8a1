import { z } from 'zod';

/** API-SPEC §2.3 serial insider. */
export const SerialInsider = z.object({
  wallet: z.string(),
  /** Launches it was an insider in (creator, bundle, or funded by the creator before the create). */
  insider_in: z.int(),
  /** Launches it traded in any role (insider_in close to it: a real serial insider; far apart: automation). */
  also_held: z.int(),
  /** Launches it bought as a sniper or early buyer. */
  early_investor_in: z.int(),
  /** Mean share of supply it held at migration over its insider launches. */
  avg_supply_pct: z.number(),
  /** Realized SOL over its positions in its insider launches, closed by as_of. */
  realized_sol: z.number(),
  /** Of its insider launches settled by as_of, how many rugged. */
  insider_settled: z.int(),
  insider_rugged: z.int(),
  /** Most recent insider launches first (at most 5). */
  sample_tokens: z.array(z.string()),
});
export type SerialInsider = z.infer<typeof SerialInsider>;

export const SerialInsidersPage = z.object({
  /** Rows on this page. */
  count: z.int(),
  /** Wallets meeting the filter before the page was cut. */
  total: z.int(),
  filters: z.object({ min_tokens: z.int(), limit: z.int() }),
  wallets: z.array(SerialInsider),
  says: z.string(),
});
export type SerialInsidersPage = z.infer<typeof SerialInsidersPage>;
