import { z } from 'zod';

/** `POST /v1/compare` body: 2 to 4 distinct mints. */
export const CompareRequest = z.object({
  mints: z
    .array(z.string().min(1))
    .min(2)
    .max(4)
    .refine((m) => new Set(m).size === m.length, 'mints must be distinct'),
});
export type CompareRequest = z.infer<typeof CompareRequest>;
