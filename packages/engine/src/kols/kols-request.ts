import { z } from 'zod';

export const KolSort = z.enum(['profit', 'success', 'activity']);
export type KolSort = z.infer<typeof KolSort>;

/** `GET /v1/kols` query (API-SPEC §4.2 bounds). */
export const KolsRequest = z.object({
  days: z.int().min(1).max(90).default(7),
  sort: KolSort.default('profit'),
  limit: z.int().min(1).max(200).default(50),
});
export type KolsRequest = z.infer<typeof KolsRequest>;
