import { z } from 'zod';

/** Simulator only: the hidden truth behind a launch, kept apart from the public tables. */
export const OracleRow = z.object({
  mint: z.string(),
  launch_type: z.string(),
  rug_probability: z.number(),
});
export type OracleRow = z.infer<typeof OracleRow>;
