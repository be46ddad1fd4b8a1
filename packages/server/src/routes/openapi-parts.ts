import type { z } from '@hono/zod-openapi';
import { Meta } from '../envelope/meta.js';
import { ErrorBody, PaymentRequiredBody } from '../errors/error-body.js';
import { ERROR_CODES } from '../errors/error-codes.js';

/** A JSON response entry for a route's `responses`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** Adds `_meta` to a response body schema. */
export function withMeta<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema.extend({ _meta: Meta });
}

const DESCRIPTIONS: Record<number, string> = {};
for (const [code, e] of Object.entries(ERROR_CODES)) {
  DESCRIPTIONS[e.status] =
    `${DESCRIPTIONS[e.status] ? `${DESCRIPTIONS[e.status]} ` : ''}\`${code}\`: ${e.description}`;
}

/** Error responses of a route, each described with the codes that use its status. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, ReturnType<typeof jsonResponse<typeof ErrorBody>>> {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      s === 402
        ? {
            ...jsonResponse(PaymentRequiredBody, DESCRIPTIONS[s]),
            headers: {
              'PAYMENT-REQUIRED': {
                description: 'Base64 of the JSON x402 v2 PaymentRequired (canonical `accepts`)',
                schema: { type: 'string' },
              },
            },
          }
        : jsonResponse(ErrorBody, DESCRIPTIONS[s] ?? 'Error'),
    ]),
  ) as Record<S, ReturnType<typeof jsonResponse<typeof ErrorBody>>>;
}

/** Errors any route can answer: rate limit, dead key, oversized or non-JSON body. */
export const COMMON_ERRORS = [401, 429] as const;
/** Errors of a paid route. */
export const PAID_ERRORS = [400, 401, 402, 429] as const;

export const API_KEY_SECURITY: Record<string, string[]>[] = [{ ApiKey: [] }, { x402: [] }];
