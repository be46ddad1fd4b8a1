import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { DiscoverRequest, discoverTokens } from '@launchlens/engine';
import { DiscoverResult } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { verdictsOf } from '../risk/verdicts-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { enumQuery, numberQuery } from './params.js';

export const DiscoverBody = withMeta(DiscoverResult).openapi('Discover');

const Query = z.object({
  hours: numberQuery('hours', DiscoverRequest.shape.hours),
  min_mcap: numberQuery('min_mcap', DiscoverRequest.shape.min_mcap),
  platform: enumQuery('platform', DiscoverRequest.shape.platform),
  max_rug_pct: numberQuery('max_rug_pct', DiscoverRequest.shape.max_rug_pct),
  limit: numberQuery('limit', DiscoverRequest.shape.limit),
});

const route = createRoute({
  method: 'get',
  path: '/v1/discover',
  tags: ['market'],
  summary: 'Recent analysed tokens with a verdict each',
  description:
    'Tokens analysed in the last `hours` (1–168, default 24), newest first, filtered by minimum market cap at analysis, platform and `max_rug_pct` (applied before the page is cut; unscoreable tokens are then excluded). Priced per 25-row page of `limit` (1–100, default 25): with credits the pages delivered (`ceil(rows / 25)`, never more than asked); an x402 challenge quotes before the answer exists, so it quotes the pages asked (`ceil(limit / 25)`). No token is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { query: Query },
  responses: { 200: jsonResponse(DiscoverBody, 'Recent tokens'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/discover` (0.01 USD per page of 25). */
export function registerDiscoverRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps, risk: RiskContext): void {
  app.openapi(route, async (c) => {
    const request = DiscoverRequest.parse(c.req.valid('query'));
    const body = await servePaid<DiscoverResult>(
      c,
      deps,
      priceOf('discover', { limit: request.limit }),
      async () => {
        const asOf = deps.now();
        const result = await discoverTokens(deps.store, request, asOf, (tokens) =>
          verdictsOf(deps.store, risk, tokens, asOf),
        );
        const empty = result.tokens.length === 0;
        return {
          body: result,
          coverage: empty ? 'none' : 'full',
          asOf: Date.parse(deps.manifest.current_through),
          billable: !empty,
          rows: result.tokens.length,
        };
      },
    );
    return c.json(body, 200);
  });
}
