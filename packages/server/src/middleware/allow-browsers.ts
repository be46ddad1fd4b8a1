import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../app/app-env.js';
import { requestHeader } from './request-header.js';
import { setResponseHeader } from './set-response-header.js';

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
 * header, never a cookie, so no credentials mode); a preflight is answered 204 by `cors` here,
 * before rate limiting, authentication and payment, so it is free and counts against no budget.
 * A resource is readable cross-origin (`Cross-Origin-Resource-Policy: cross-origin`).
 *
 * With origin `*` and no CSP nonce, the headers both set on every other response are the same for
 * every request: they are taken once from the two middleware (run on a probe request) and set on
 * Node's response directly. Run per request, each touches `c.res.headers` and so turns the
 * adapter's direct write of a kept body into a WHATWG Response read as a stream: measured
 * ≈ 110 µs more CPU per paid screen call. They are only for browsers, which send `Origin` on every
 * cross-origin request and `Sec-Fetch-Mode` on every request: an agent's call without either does
 * not pay for 13 more headers (≈ 2 µs each here); `Vary` keeps shared caches apart.
 */
export function allowBrowsers(): MiddlewareHandler<AppEnv> {
  const preflight = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposeHeaders: [...EXPOSED_HEADERS],
    maxAge: 86_400,
  });
  const probe = new Hono()
    .use(preflight, secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }))
    .get('/', (c) => c.body(null, 204));
  let taken: readonly [string, string][] | null = null;
  const headers = Promise.resolve(probe.request('/', { headers: { origin: 'https://probe.invalid' } })).then(
    (res) => {
      taken = [...res.headers];
      return taken;
    },
  );
  const forBrowsers = (c: Context<AppEnv>, all: readonly [string, string][]) => {
    for (const [name, value] of all) setResponseHeader(c, name, value);
  };
  // Not async: a request that needs nothing after `next()` adds no async layer to every call.
  return function allowBrowsersMiddleware(c, next) {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    setResponseHeader(c, 'vary', 'Origin, Sec-Fetch-Mode');
    if (requestHeader(c, 'origin') === undefined && requestHeader(c, 'sec-fetch-mode') === undefined)
      return next();
    if (taken !== null) {
      forBrowsers(c, taken);
      return next();
    }
    return headers.then((all) => {
      forBrowsers(c, all);
      return next();
    });
  };
}
