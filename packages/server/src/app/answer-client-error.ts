import type { Socket } from 'node:net';
import { buildMeta } from '../envelope/meta.js';

/** Node's codes for a request that outlived the header or request deadline. */
const TIMEOUTS = new Set(['ERR_HTTP_REQUEST_TIMEOUT', 'ERR_HTTP_HEADERS_TIMEOUT']);

/**
 * The server's `clientError` listener: a request the HTTP parser refuses (an unknown method, an
 * unframed or malformed body, headers over the limit) or one that outlived its deadline gets the
 * error body every other refusal has, `{error: {code, message}, _meta}` (400, 431 or 408), and the
 * socket is closed; nothing was routed, so nothing was reserved or charged.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  const writable =
    socket.writable && !(socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = TIMEOUTS.has(err.code ?? '')
    ? [408, 'Request Timeout', 'request_timeout', 'the request did not arrive within the deadline']
    : err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'invalid_input', 'the request headers are too large']
      : [400, 'Bad Request', 'invalid_input', `the HTTP request is malformed (${err.code ?? 'parse error'})`];
  const body = JSON.stringify({
    error: { code, message },
    _meta: buildMeta({ coverage: 'none', asOf: null, now: Date.now(), requestId: 'unassigned' }),
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
