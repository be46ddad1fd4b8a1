import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { AppEnv } from '../app/app-env.js';
import { buildMeta } from '../envelope/meta.js';
import { ServerError } from './server-error.js';

/**
 * Maps anything thrown to a `ServerError`: hono's malformed-JSON 400 and any other 4xx a library
 * throws on bad input keep a 4xx (a client fault is never a 5xx); anything else is a 500.
 */
export function toServerError(err: unknown): ServerError {
  if (err instanceof ServerError) return err;
  if (err instanceof HTTPException && err.status >= 400 && err.status < 500) {
    if (err.status === 413)
      return new ServerError('payload_too_large', 'the request body is over 16 KiB', { cause: err });
    if (err.status === 415)
      return new ServerError(
        'unsupported_media_type',
        'POST requests must carry Content-Type: application/json',
        {
          cause: err,
        },
      );
    if (err.status === 400)
      return new ServerError('invalid_json', 'the request body is not valid JSON', { cause: err });
    return new ServerError('invalid_input', err.message || 'the request is malformed', { cause: err });
  }
  // A body read cut by a deadline or a client that hung up: the client's doing, not a 5xx.
  if (
    err instanceof Error &&
    (err as NodeJS.ErrnoException).code === 'ECONNRESET' &&
    err.message === 'aborted'
  ) {
    return new ServerError('request_timeout', 'the request body did not arrive in time', { cause: err });
  }
  return new ServerError('internal_error', 'internal error; quote the request id when reporting it', {
    cause: err,
  });
}

/** Writes the error body `{error: {code, message, details?}, _meta}` (plus a 402's challenge fields). */
export function errorResponse(c: Context<AppEnv>, error: ServerError, now: number): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(
    {
      ...error.body,
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
      _meta: buildMeta({
        coverage: error.coverage ?? 'none',
        asOf: null,
        now,
        requestId: c.get('requestId') ?? 'unassigned',
      }),
    },
    error.status as ContentfulStatusCode,
  );
}

/** The app's one `onError`: every failure becomes an error body; 5xx are logged with their cause. */
export function handleError(options: {
  readonly logger: Logger;
  readonly now: () => number;
}): ErrorHandler<AppEnv> {
  return function onError(err, c) {
    const error = toServerError(err);
    if (error.status >= 500) {
      options.logger.error({ request_id: c.get('requestId'), err: error.cause ?? error }, 'request failed');
    }
    return errorResponse(c, error, options.now());
  };
}
