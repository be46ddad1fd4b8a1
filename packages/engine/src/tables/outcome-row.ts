import { z } from 'zod';

/** The settled label of a launch (methodology: docs/methodology.md, "Rug label"). */
export const OutcomeRow = z.object({
  mint: z.string(),
  settled_at: z.number(),
  rugged: z.boolean(),
  rugged_at: z.number().nullable(),
  peak_mcap_usd: z.number(),
  peak_at: z.number(),
  trough_mcap_usd: z.number(),
  seconds_to_peak: z.number(),
  collapse_s: z.number().nullable(),
  exit_window: z.boolean(),
  peak_gain_pct: z.number(),
  reached_2x: z.boolean(),
  reached_5x: z.boolean(),
});
export type OutcomeRow = z.infer<typeof OutcomeRow>;
