import { z } from 'zod';

export const KolRow = z.object({
  wallet: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  verified: z.boolean(),
  followers: z.int(),
});
export type KolRow = z.infer<typeof KolRow>;
