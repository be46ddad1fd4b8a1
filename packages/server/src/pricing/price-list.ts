import { z } from '@hono/zod-openapi';
import { microsToCredits } from './price-of.js';
import { CREDITS_PER_USD, PRICE_TABLE } from './price-table.js';
import { usdToMicros } from './usd-micros.js';

export const PriceListEntry = z
  .object({
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    query: z.string().optional(),
    usd: z.string(),
    credits: z.int(),
    per: z.string().openapi({ description: '`call`, `page of N rows`, or what a stream delivers' }),
    description: z.string(),
  })
  .openapi('PriceListEntry');
export type PriceListEntry = z.infer<typeof PriceListEntry>;

export const PriceList = z
  .object({ currency: z.literal('USD'), credits_per_usd: z.int(), routes: z.array(PriceListEntry) })
  .openapi('PriceList');
export type PriceList = z.infer<typeof PriceList>;

/** The published price list, from the one price table. */
export function buildPriceList(): PriceList {
  return {
    currency: 'USD',
    credits_per_usd: CREDITS_PER_USD,
    routes: PRICE_TABLE.map((p) => ({
      method: p.method,
      path: p.path,
      ...('query' in p ? { query: p.query } : {}),
      usd: p.usd,
      credits: microsToCredits(usdToMicros(p.usd)),
      per: 'unit' in p ? p.unit : 'pageSize' in p ? `page of ${p.pageSize} rows` : 'call',
      description: p.description,
    })),
  };
}
