import { z } from 'zod';

export const EdgeKind = z.enum(['funding', 'co_buy', 'transfer']);
export type EdgeKind = z.infer<typeof EdgeKind>;

/** A tie between two wallets of one token, as seen up to its analysis moment. */
export const EdgeRow = z.object({
  mint: z.string(),
  wallet_a: z.string(),
  wallet_b: z.string(),
  kind: EdgeKind,
  strength: z.number(),
  confidence: z.number(),
  evidence: z.string(),
});
export type EdgeRow = z.infer<typeof EdgeRow>;
