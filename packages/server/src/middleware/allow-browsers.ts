import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../app/app-env.js';

/** Response headers a browser page on another origin may read (DESIGN §5 "Browsers"). */
export const EXPOSED_HEADERS = [
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'x-request-id',
] as const;

/**
 * Hono's own `cors` and `secure-headers`, first in the chain: any origin may call (auth is by
 * header, never a cookie, so no credentials mode); a preflight is answered 204 here, before rate
 * limiting, authentication and payment, so it is free and counts against no budget. A resource is
 * readable cross-origin (`Cross-Origin-Resource-Policy: cross-origin`): this is a public API.
 */
export function allowBrowsers(): MiddlewareHandler<AppEnv>[] {
  return [
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      exposeHeaders: [...EXPOSED_HEADERS],
      maxAge: 86_400,
    }),
    secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }),
  ];
}
