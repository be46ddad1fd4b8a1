import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app/app-env.js';
import { serveStream } from '../streams/serve-stream.js';
import { migrationFilter } from '../streams/stream-filters.js';
import type { StreamHub } from '../streams/stream-hub.js';
import { MigrationEventData } from '../streams/stream-payloads.js';
import { maxEventsQuery, StreamHeaders, streamResponses } from '../streams/stream-route-parts.js';

const Query = z.object({
  max_rug_pct: z.coerce
    .number({ error: 'max_rug_pct must be a number' })
    .min(0, { error: 'max_rug_pct must be at least 0' })
    .max(100, { error: 'max_rug_pct must be at most 100' })
    .optional()
    .openapi({ param: { name: 'max_rug_pct', in: 'query' } }),
  min_mcap: z.coerce
    .number({ error: 'min_mcap must be a number' })
    .min(0, { error: 'min_mcap must be at least 0' })
    .optional()
    .openapi({ param: { name: 'min_mcap', in: 'query' } }),
  platform: z
    .enum(['pumpfun', 'letsbonk'])
    .optional()
    .openapi({ param: { name: 'platform', in: 'query' } }),
  max_events: maxEventsQuery,
});

const route = createRoute({
  method: 'get',
  path: '/v1/stream/migrations',
  tags: ['streams'],
  summary: 'Tokens as they finish analysis (SSE)',
  description:
    'One `migration` event per token as it finishes analysis: the same row as `GET /v1/discover` (mint, symbol, platform, rug verdict, holder counts). Filters (`max_rug_pct` keeps scoreable tokens at or under it, `min_mcap`, `platform`) apply before billing: 0.001 USD per token delivered, from a funded API key. `Last-Event-ID` resumes with no gap and never bills an event twice; a fresh connection gets no backlog. `max_events` closes the stream after that many events.',
  security: [{ ApiKey: [] }],
  request: { query: Query, headers: StreamHeaders },
  responses: streamResponses('An SSE stream of `migration` events'),
});

/** `GET /v1/stream/migrations` (0.001 USD per token delivered). */
export function registerStreamMigrationsRoute(app: OpenAPIHono<AppEnv>, hub: StreamHub): void {
  app.openAPIRegistry.register('MigrationEvent', MigrationEventData);
  app.openapi(route, (c) => {
    const q = c.req.valid('query');
    return serveStream(c, hub, {
      stream: 'migrations',
      route: 'stream_migrations',
      filter: migrationFilter(q),
      maxEvents: q.max_events ?? null,
      lastEventId: c.req.valid('header')['last-event-id'],
    });
  });
}
