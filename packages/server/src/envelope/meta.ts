import { z } from '@hono/zod-openapi';

export const Coverage = z.enum(['full', 'partial', 'none']);
export type Coverage = z.infer<typeof Coverage>;

/** What a call cost (DESIGN §5): `usd` is a decimal string, `credits` an integer. */
export const Billing = z
  .object({
    charged: z.boolean(),
    method: z.enum(['credits', 'x402', 'free']),
    credits: z.int(),
    usd: z.string(),
    balance_credits: z.int().optional(),
    settlement_tx: z.string().optional(),
  })
  .openapi('Billing');
export type Billing = z.infer<typeof Billing>;

/** The `_meta` envelope of DESIGN §5, on every JSON response, errors included. */
export const Meta = z
  .object({
    coverage: Coverage,
    staleness_s: z.int().nullable(),
    as_of: z.string().nullable().openapi({ description: 'ISO-8601 UTC time the data was captured' }),
    billing: Billing,
    request_id: z.string(),
    list_price: z
      .object({ usd: z.string(), credits: z.int() })
      .optional()
      .openapi({ description: 'What this part costs outside `/v1/sample` (only on sample parts)' }),
  })
  .openapi('Meta');
export type Meta = z.infer<typeof Meta>;

export const FREE_BILLING: Billing = { charged: false, method: 'free', credits: 0, usd: '0' };

export interface MetaOptions {
  readonly coverage: Coverage;
  /** Capture time of the data, epoch ms; null when the answer has no capture time. */
  readonly asOf: number | null;
  readonly now: number;
  readonly requestId: string;
  readonly billing?: Billing;
}

/** Builds `_meta`: staleness is whole seconds from `asOf` to `now`, never negative. */
export function buildMeta(options: MetaOptions): Meta {
  return {
    coverage: options.coverage,
    staleness_s: options.asOf === null ? null : Math.max(0, Math.round((options.now - options.asOf) / 1000)),
    as_of: options.asOf === null ? null : new Date(options.asOf).toISOString(),
    billing: options.billing ?? FREE_BILLING,
    request_id: options.requestId,
  };
}
