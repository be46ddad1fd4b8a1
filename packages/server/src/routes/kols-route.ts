import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { KolsRequest, rankKols } from '@launchlens/engine';
import { KolLeaderboard } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { enumQuery, numberQuery } from './params.js';

export const KolsBody = withMeta(KolLeaderboard).openapi('Kols');

const Query = z.object({
  days: numberQuery('days', KolsRequest.shape.days),
  sort: enumQuery('sort', KolsRequest.shape.sort),
  limit: numberQuery('limit', KolsRequest.shape.limit),
});

const route = createRoute({
  method: 'get',
  path: '/v1/kols',
  tags: ['market'],
  summary: 'KOL leaderboard',
  description:
    'Tracked KOLs ranked by profit, success (win rate by net realized SOL per token) or activity over `days`. Priced per page of 50 rows (`limit` up to 200): with credits the pages delivered (`ceil(rows / 50)`, never more than asked); an x402 challenge quotes before the answer exists, so it quotes the pages asked (`ceil(limit / 50)`). No KOL is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { query: Query },
  responses: { 200: jsonResponse(KolsBody, 'The leaderboard'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/kols` (0.02 USD per page of 50). */
export function registerKolsRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const request = KolsRequest.parse(c.req.valid('query'));
    const body = await servePaid<KolLeaderboard>(
      c,
      deps,
      priceOf('kols', { limit: request.limit }),
      async () => {
        const board = await rankKols(deps.store, request, deps.now());
        const empty = board.kols.length === 0;
        return {
          body: board,
          coverage: empty ? 'none' : 'full',
          asOf: Date.parse(deps.manifest.current_through),
          billable: !empty,
          rows: board.kols.length,
        };
      },
    );
    return c.json(body, 200);
  });
}
