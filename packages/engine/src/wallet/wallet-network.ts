import { z } from 'zod';
import { EdgeKind } from '../tables/edge-row.js';

export const WalletTie = z.object({
  wallet: z.string(),
  /** `out`: this wallet sent SOL or tokens to it (or funded it); `in`: the reverse; `none`: co-buys only. */
  direction: z.enum(['in', 'out', 'both', 'none']),
  kinds: z.array(EdgeKind),
  /** Launches in which the two were tied by a recorded edge. */
  tokens: z.int(),
  strength: z.number(),
  known_name: z.string().nullable(),
  /** Its other ties (this wallet excluded); null for a known exchange, whose ties are not expanded. */
  onward: z.int().nullable(),
  onward_sample: z.array(z.string()),
});
export type WalletTie = z.infer<typeof WalletTie>;

/** `GET /v1/wallet/{address}/network` (shape: packages/engine/src/wallet/README.md). */
export const WalletNetwork = z.object({
  address: z.string(),
  known_name: z.string().nullable(),
  ties: z.array(WalletTie),
  ties_total: z.int(),
  /** Distinct second-hop wallets reached through the listed ties (this wallet and its direct ties excluded). */
  onward_total: z.int(),
  ties_cap: z.int(),
  says: z.string(),
});
export type WalletNetwork = z.infer<typeof WalletNetwork>;

export const WALLET_TIES_CAP = 100;
export const ONWARD_SAMPLE = 5;
