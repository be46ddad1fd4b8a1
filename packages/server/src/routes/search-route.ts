import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { SearchRequest, searchTokens } from '@launchlens/engine';
import { SearchResult } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { verdictsOf } from '../risk/verdicts-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { enumQuery, numberQuery, textQuery } from './params.js';

export const SearchBody = withMeta(SearchResult).openapi('Search');

const Query = z.object({
  q: textQuery('q', SearchRequest.shape.q, 'Symbol or name fragment, or an exact mint'),
  platform: enumQuery('platform', SearchRequest.shape.platform),
  min_mcap: numberQuery('min_mcap', SearchRequest.shape.min_mcap),
  days: numberQuery('days', SearchRequest.shape.days),
  limit: numberQuery('limit', SearchRequest.shape.limit),
  offset: numberQuery('offset', SearchRequest.shape.offset),
});

const route = createRoute({
  method: 'get',
  path: '/v1/search',
  tags: ['market'],
  summary: 'Find a token in the analysed catalogue',
  description:
    'Case-insensitive symbol or name fragment, or an exact mint, with optional platform, minimum market cap at analysis and age in days; each hit carries its verdict. Priced per page of 25 rows: with credits the pages delivered (`ceil(rows / 25)`, never more than asked); an x402 challenge quotes before the answer exists, so it quotes the pages asked (`ceil(limit / 25)`). No hit is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { query: Query },
  responses: { 200: jsonResponse(SearchBody, 'Search hits'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/search` (0.005 USD per page of 25). */
export function registerSearchRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps, risk: RiskContext): void {
  app.openapi(route, async (c) => {
    const request = SearchRequest.parse(c.req.valid('query'));
    const body = await servePaid<SearchResult>(
      c,
      deps,
      priceOf('search', { limit: request.limit }),
      async () => {
        const asOf = deps.now();
        const result = await searchTokens(deps.store, request, asOf, (tokens) =>
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
