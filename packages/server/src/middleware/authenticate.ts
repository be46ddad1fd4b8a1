import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';
import type { Ledger } from '../ledger/ledger.js';
import { requestHeader } from './request-header.js';

export const API_KEY_HEADER = 'x-api-key';

/** Resolves `X-API-Key` to a live key (or null); refusal waits until after rate limiting. */
export function authenticate(ledger: Ledger): MiddlewareHandler<AppEnv> {
  const withKey = async (c: Context<AppEnv>, next: Next, secret: string) => {
    c.set('apiKeyPresented', true);
    c.set('apiKey', await ledger.findKey(secret.trim(), c.get('apiKeyHash') ?? undefined));
    await next();
  };
  return function authenticateMiddleware(c, next) {
    const secret = requestHeader(c, API_KEY_HEADER);
    return secret === undefined ? next() : withKey(c, next, secret);
  };
}

/** 401 when an `X-API-Key` was sent that is not a live key (unknown, malformed or rotated). */
export function refuseDeadKey(): MiddlewareHandler<AppEnv> {
  return function refuseDeadKeyMiddleware(c, next) {
    if (c.get('apiKeyPresented') && c.get('apiKey') === null) {
      throw new ServerError(
        'invalid_api_key',
        'the X-API-Key header is not a live API key (rotated keys stop working)',
      );
    }
    return next();
  };
}
