import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import type { AppEnv } from '../app/app-env.js';
import type { Metrics } from '../metrics/create-metrics.js';
import { setResponseHeader } from './set-response-header.js';

export interface RequestContextOptions {
  readonly newRequestId: () => string;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/**
 * First in the chain: gives the request an id (`x-request-id`), then logs one line and records
 * metrics once the response exists. Logs carry the route template, status, time and key id —
 * never a header value, a query string or a secret.
 */
export function requestContext(options: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const started = performance.now();
    const requestId = options.newRequestId();
    c.set('requestId', requestId);
    c.set('apiKey', null);
    c.set('apiKeyPresented', false);
    c.set('apiKeyHash', null);
    c.set('rate', null);
    setResponseHeader(c, 'x-request-id', requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const template = routePath(c, -1);
    const route = template === '*' || template === '/*' ? 'unmatched' : template;
    const status = c.res.status;
    options.metrics.requests.inc({ method: c.req.method, route, status: String(status) });
    options.metrics.latency.observe({ method: c.req.method, route }, seconds);
    options.logger.info(
      {
        request_id: requestId,
        method: c.req.method,
        route,
        path: c.req.path,
        status,
        ms: Math.round(seconds * 100_000) / 100,
        key_id: c.get('apiKey')?.id ?? null,
      },
      'request',
    );
  };
}
