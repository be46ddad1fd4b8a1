import { z } from 'zod';

/** `GET /v1/funder-networks` query (API-SPEC §4.2 bounds). */
export const FunderNetworksRequest = z.object({
  min_wallets: z.int().min(2).max(1000).default(3),
  limit: z.int().min(1).max(100).default(25),
});
export type FunderNetworksRequest = z.infer<typeof FunderNetworksRequest>;
