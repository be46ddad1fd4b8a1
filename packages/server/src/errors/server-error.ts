import type { Coverage } from '../envelope/meta.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export interface ServerErrorOptions {
  /** Public detail sent as `error.details`. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** Response headers the error carries (`Allow`, `Retry-After`, `PAYMENT-REQUIRED`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra top-level body fields beside `error` and `_meta` (the x402 challenge of a 402). */
  readonly body?: Readonly<Record<string, unknown>>;
  /** `_meta.coverage` of the error body: what is held of the subject (default `none`). */
  readonly coverage?: Coverage;
  /** Internal cause: logged, never sent. */
  readonly cause?: unknown;
}

/**
 * The server package's one error class. Middleware and routes throw it; `handleError` turns it into
 * the error body with the status of its code in `ERROR_CODES`.
 */
export class ServerError extends Error {
  readonly status: number;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Readonly<Record<string, unknown>>;
  readonly coverage?: Coverage;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ServerErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ServerError';
    this.status = ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers;
    this.body = options.body;
    this.coverage = options.coverage;
  }
}
