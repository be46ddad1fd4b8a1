import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';

const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
// What the OpenAPI layer's media-type gate accepts (@hono/zod-openapi `jsonRequestRegex`).
const GATE_JSON_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/**
 * 415 for a POST without a JSON content type — before authentication and payment (API-SPEC §7).
 * A JSON media type with parameters (`application/json;`, `; charset=utf-8; x=y`) is JSON (DESIGN
 * §5): it reaches the routes as its bare essence, which the OpenAPI gate would otherwise refuse.
 */
export function requireJson(): MiddlewareHandler<AppEnv> {
  // Not async: a GET adds no async layer of its own to every call.
  return function requireJsonMiddleware(c, next) {
    if (c.req.method === 'POST') {
      const type = c.req.header('content-type') ?? '';
      if (!JSON_TYPE.test(type)) {
        throw new ServerError(
          'unsupported_media_type',
          'POST requests must carry Content-Type: application/json (send {} when there is no body)',
        );
      }
      if (!GATE_JSON_TYPE.test(type)) {
        c.req.raw.headers.set('content-type', type.split(';')[0].trim().toLowerCase());
      }
    }
    return next();
  };
}
