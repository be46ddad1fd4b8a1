import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';
import type { RateLimiter } from '../limiter/rate-limiter.js';
import { API_KEY_HEADER } from './authenticate.js';
import { rememberKeyHashes } from './presented-key-hashes.js';
import { requestHeader } from './request-header.js';
import { setResponseHeader } from './set-response-header.js';

export interface RateLimitMiddlewareOptions {
  readonly limiter: RateLimiter;
  readonly clientIp: (c: Context) => string;
}

/**
 * Counts the request against its caller — the presented API key (by its SHA-256, so a bucket never
 * holds a secret), else the client IP — and sets the `x-ratelimit-*` headers. It runs before the
 * 415/413 checks and authentication so that every response carries the headers; over the limit
 * is 429 with `Retry-After`.
 */
export function rateLimit(options: RateLimitMiddlewareOptions): MiddlewareHandler<AppEnv> {
  const presentedKey = rememberKeyHashes();
  return async function rateLimitMiddleware(c, next) {
    const secret = requestHeader(c, API_KEY_HEADER);
    let caller: string;
    if (secret === undefined) caller = `ip:${options.clientIp(c)}`;
    else {
      const presented = presentedKey(secret.trim());
      c.set('apiKeyHash', presented.hash);
      caller = presented.caller;
    }
    const decision = await options.limiter.consume(caller);
    c.set('rate', decision);
    setResponseHeader(c, 'x-ratelimit-limit', String(decision.limit));
    setResponseHeader(c, 'x-ratelimit-remaining', String(decision.remaining));
    setResponseHeader(c, 'x-ratelimit-reset', String(decision.reset_s));
    if (!decision.allowed) {
      throw new ServerError(
        'rate_limited',
        `over ${decision.limit} requests per minute; retry in ${decision.reset_s} s`,
        {
          details: { limit: decision.limit, retry_after_s: decision.reset_s },
          headers: { 'retry-after': String(decision.reset_s) },
        },
      );
    }
    await next();
  };
}
