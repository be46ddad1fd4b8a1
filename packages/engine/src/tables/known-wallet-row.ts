import { z } from 'zod';

export const KnownWalletRow = z.object({
  address: z.string(),
  name: z.string(),
  kind: z.string(),
});
export type KnownWalletRow = z.infer<typeof KnownWalletRow>;
