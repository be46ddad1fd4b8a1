import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app/app-env.js';
import { serveStream } from '../streams/serve-stream.js';
import { walletFilter } from '../streams/stream-filters.js';
import type { StreamHub } from '../streams/stream-hub.js';
import { WalletEventData } from '../streams/stream-payloads.js';
import { maxEventsQuery, StreamHeaders, streamResponses, watchQuery } from '../streams/stream-route-parts.js';

const Query = z.object({ watch: watchQuery(true), max_events: maxEventsQuery });

const route = createRoute({
  method: 'get',
  path: '/v1/stream/wallets',
  tags: ['streams'],
  summary: 'Watched wallets appearing in new analyses (SSE)',
  description:
    'One `wallet` event each time a watched wallet (`watch`: 1 to 50 addresses, comma-separated) appears among the traders of a newly analysed token: wallet, mint, symbol, platform, `role` (creator, insider, sniper, early, fresh, whale, kol or holder; the first that applies) and every role in `roles`, rank and supply share at analysis. 0.005 USD per event delivered, from a funded API key; `Last-Event-ID` resumes with no gap and no second charge; `max_events` caps the events and the spend.',
  security: [{ ApiKey: [] }],
  request: { query: Query, headers: StreamHeaders },
  responses: streamResponses('An SSE stream of `wallet` events'),
});

/** `GET /v1/stream/wallets` (0.005 USD per event delivered). */
export function registerStreamWalletsRoute(app: OpenAPIHono<AppEnv>, hub: StreamHub): void {
  app.openAPIRegistry.register('WalletEvent', WalletEventData);
  app.openapi(route, (c) => {
    const q = c.req.valid('query');
    return serveStream(c, hub, {
      stream: 'wallets',
      route: 'stream_wallets',
      filter: walletFilter(q.watch ?? []),
      maxEvents: q.max_events ?? null,
      lastEventId: c.req.valid('header')['last-event-id'],
    });
  });
}
