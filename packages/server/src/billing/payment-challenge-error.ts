import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import type { Coverage } from '../envelope/meta.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { ServerError } from '../errors/server-error.js';
import type { CallPrice } from '../pricing/price-of.js';
import { buildPaymentChallenge } from '../x402/payment-challenge.js';

/** A 402 (or other payment refusal) that carries the x402 challenge of this call in body and header. */
export function paymentChallengeError(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  coverage?: Coverage,
): ServerError {
  const ch = buildPaymentChallenge({
    price,
    settings: deps.x402,
    url: c.req.url,
    method: c.req.method,
    message,
  });
  return new ServerError(code, message, {
    details,
    body: ch.body,
    headers: { 'payment-required': ch.header },
    coverage,
  });
}
