import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { ServerError } from '../errors/server-error.js';
import type { StreamName } from '../live/event-log.js';
import { API_KEY_HEADER } from '../middleware/authenticate.js';
import { priceOf } from '../pricing/price-of.js';
import type { PricedRouteId } from '../pricing/price-table.js';
import type { StreamHub } from './stream-hub.js';
import { writeToNodeResponse } from './write-to-node-response.js';

export interface ServeStreamOptions {
  readonly stream: StreamName;
  readonly route: PricedRouteId;
  readonly filter: (payload: Readonly<Record<string, unknown>>) => boolean;
  readonly maxEvents: number | null;
  /** The validated `Last-Event-ID` header, if sent. */
  readonly lastEventId: string | undefined;
}

/** `@hono/node-server`'s marker of a response the handler already wrote itself. */
const ALREADY_SENT = 'x-hono-already-sent';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/**
 * Opens one SSE stream (API-SPEC §6, DESIGN §5): a funded key is required (401 without one, 402
 * when the balance cannot pay one event); x402 cannot pay a stream, which settles many times.
 */
export function serveStream(c: Context<AppEnv>, hub: StreamHub, options: ServeStreamOptions): Response {
  const key = c.get('apiKey');
  const price = priceOf(options.route);
  if (key === null) {
    throw new ServerError(
      'api_key_required',
      `streams need a funded API key in X-API-Key (x402 cannot pay a stream); one event costs ${price.usd} USD`,
    );
  }
  if (key.credits < price.credits) {
    throw new ServerError(
      'insufficient_credits',
      `one event costs ${price.credits} credits; the key holds ${key.credits}: deposit first (GET /v1/credits/deposit)`,
      { details: { cost_credits: price.credits, balance_credits: key.credits } },
    );
  }
  // HEAD answers like GET without a body: the stream's headers, no subscription, nothing billed.
  if (c.req.method === 'HEAD') return c.body(null, 200, SSE_HEADERS);
  const subscriber = hub.open({
    stream: options.stream,
    route: options.route,
    keyId: key.id,
    keySecret: c.req.header(API_KEY_HEADER)?.trim(),
    credits: price.credits,
    requestId: c.get('requestId'),
    filter: options.filter,
    maxEvents: options.maxEvents,
    lastEventId: options.lastEventId === undefined ? null : Number(options.lastEventId),
  });
  // Under `@hono/node-server` write to the socket directly (measured: less CPU per delivered event
  // than the web-stream bridge); elsewhere (`app.request()`, other runtimes) answer a web stream.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    const headers: OutgoingHttpHeaders = { ...Object.fromEntries(c.res.headers), ...SSE_HEADERS };
    writeToNodeResponse(subscriber, outgoing, headers);
    return c.body(null, 200, { [ALREADY_SENT]: 'true' });
  }
  return c.body(subscriber.readable(), 200, SSE_HEADERS);
}
