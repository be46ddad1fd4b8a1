import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';

/** Largest accepted request body (DESIGN §5). */
export const MAX_BODY_BYTES = 16 * 1024;

/** 413 for a request body over `maxBytes`, whether declared by Content-Length or streamed. */
export function limitBody(maxBytes: number = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ServerError('payload_too_large', `the request body is over ${maxBytes} bytes (16 KiB)`, {
        details: { max_bytes: maxBytes },
      });
    },
  });
  // Reading `raw.body` makes @hono/node-server build a full Request: skip methods without a body.
  return function limitBodyMiddleware(c, next) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limit(c, next);
  };
}
