import { z } from 'zod';

export const ExitVerdict = z.enum(['clear', 'elevated', 'thin', 'trapped', 'blocked']);
export type ExitVerdict = z.infer<typeof ExitVerdict>;

/** One rung of the exit ladder (API-SPEC §2.3): buy `size_usd` of the token, then sell all of it. */
export const ExitRung = z.object({
  size_usd: z.number(),
  /** SOL spent on the buy: `size_usd` at the SOL price of the check. */
  sol_in: z.number(),
  buy_route: z.array(z.string()).nullable(),
  sell_route: z.array(z.string()).nullable(),
  /** SOL back from the sell as a share of the SOL spent, 0–100; null when a leg has no route. */
  retained_pct: z.number().nullable(),
  buy_price_impact_pct: z.number().nullable(),
  sell_price_impact_pct: z.number().nullable(),
  /** Why a leg has no route; null when both legs were quoted. */
  no_route_reason: z.string().nullable(),
});
export type ExitRung = z.infer<typeof ExitRung>;

/** The exit record: the verdict follows the worst rung. */
export const ExitRecord = z.object({
  verdict: ExitVerdict,
  action: z.enum(['clear', 'caution', 'avoid']),
  worst_retained_pct: z.number().nullable(),
  ladder: z.array(ExitRung),
});
export type ExitRecord = z.infer<typeof ExitRecord>;
