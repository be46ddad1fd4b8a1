import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** 415 for a POST without a JSON content type — before authentication and payment (API-SPEC §7). */
export function requireJson(): MiddlewareHandler<AppEnv> {
  return async function requireJsonMiddleware(c, next) {
    if (c.req.method === 'POST' && !JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      throw new ServerError(
        'unsupported_media_type',
        'POST requests must carry Content-Type: application/json (send {} when there is no body)',
      );
    }
    await next();
  };
}
