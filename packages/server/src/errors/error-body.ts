import { z } from '@hono/zod-openapi';
import { Meta } from '../envelope/meta.js';
import { ERROR_CODE_NAMES } from './error-codes.js';

/** Every non-2xx JSON body (DESIGN §5). The 402 body adds the x402 challenge fields beside these. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODE_NAMES),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    _meta: Meta,
  })
  .openapi('Error');
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The 402 body: the error plus the x402 v2 challenge of API-SPEC §5.1 (also in `PAYMENT-REQUIRED`). */
export const PaymentRequiredBody = ErrorBody.extend({
  x402Version: z.literal(2),
  resource: z.object({ url: z.string(), description: z.string(), mimeType: z.string() }),
  accepts: z.array(
    z.object({
      scheme: z.literal('exact'),
      network: z.string(),
      asset: z.string(),
      amount: z.string().openapi({ description: 'USDC base units (6 decimals)' }),
      payTo: z.string(),
      maxTimeoutSeconds: z.int(),
      description: z.string(),
      mimeType: z.string(),
      extra: z.object({ decimals: z.int(), feePayer: z.string().optional(), name: z.string() }),
      outputSchema: z.object({
        input: z.object({ discoverable: z.boolean(), method: z.string(), type: z.literal('http') }),
        output: z.object({ type: z.literal('json') }),
      }),
    }),
  ),
  price: z.object({ amount: z.string(), currency: z.literal('USD'), mode: z.literal('fixed') }),
  protocols: z.array(z.object({ x402: z.object({}) })),
}).openapi('PaymentRequired');
