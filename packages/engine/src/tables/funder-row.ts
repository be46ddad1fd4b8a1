import { z } from 'zod';

/** The first incoming SOL transfer of a wallet: who funded it, when and how much. */
export const FunderRow = z.object({
  wallet: z.string(),
  funder: z.string(),
  funded_at: z.number(),
  amount_sol: z.number(),
});
export type FunderRow = z.infer<typeof FunderRow>;
