import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app/app-env.js';
import { serveStream } from '../streams/serve-stream.js';
import { kolTradeFilter } from '../streams/stream-filters.js';
import type { StreamHub } from '../streams/stream-hub.js';
import { KolTradeEventData } from '../streams/stream-payloads.js';
import { maxEventsQuery, StreamHeaders, streamResponses, watchQuery } from '../streams/stream-route-parts.js';

const Query = z.object({
  watch: watchQuery(false),
  min_sol: z.coerce
    .number({ error: 'min_sol must be a number' })
    .min(0, { error: 'min_sol must be at least 0' })
    .optional()
    .openapi({ param: { name: 'min_sol', in: 'query' } }),
  side: z
    .enum(['buy', 'sell'])
    .optional()
    .openapi({ param: { name: 'side', in: 'query' } }),
  max_events: maxEventsQuery,
});

const route = createRoute({
  method: 'get',
  path: '/v1/stream/kols',
  tags: ['streams'],
  summary: 'KOL trades as they happen (SSE)',
  description:
    'One `kol_trade` event per trade of a tracked KOL: `id` (the trade id), `kol` {wallet, name, handle}, mint, symbol, side (`BUY`/`SELL`), sol, realized_sol, roi_pct, at. `watch` (at most 50 KOL wallets; absent: every tracked KOL), `min_sol` and `side` apply before billing: 0.002 USD per trade delivered, from a funded API key. The SSE `id:` is the event-log id: send it back as `Last-Event-ID` to resume with no gap and no second charge. `max_events` caps the events and the spend.',
  security: [{ ApiKey: [] }],
  request: { query: Query, headers: StreamHeaders },
  responses: streamResponses('An SSE stream of `kol_trade` events'),
});

/** `GET /v1/stream/kols` (0.002 USD per trade delivered). */
export function registerStreamKolsRoute(app: OpenAPIHono<AppEnv>, hub: StreamHub): void {
  app.openAPIRegistry.register('KolTradeEvent', KolTradeEventData);
  app.openapi(route, (c) => {
    const q = c.req.valid('query');
    return serveStream(c, hub, {
      stream: 'kols',
      route: 'stream_kols',
      filter: kolTradeFilter(q),
      maxEvents: q.max_events ?? null,
      lastEventId: c.req.valid('header')['last-event-id'],
    });
  });
}
