import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { rankSerialInsiders, SerialInsidersRequest } from '@launchlens/engine';
import { SerialInsidersPage } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { numberQuery } from './params.js';

export const SerialInsidersBody = withMeta(SerialInsidersPage).openapi('SerialInsiders');

const Query = z.object({
  min_tokens: numberQuery('min_tokens', SerialInsidersRequest.shape.min_tokens),
  limit: numberQuery('limit', SerialInsidersRequest.shape.limit),
});

const route = createRoute({
  method: 'get',
  path: '/v1/serial-insiders',
  tags: ['identity'],
  summary: 'Wallets that are insiders across launches',
  description:
    'Wallets that were insiders in at least `min_tokens` (2–50, default 3) launches: insider_in close to also_held suggests a real serial insider, far apart automation; no threshold beyond min_tokens is applied. Priced per page of 25 rows: with credits the pages delivered (`ceil(rows / 25)`, never more than asked); an x402 challenge quotes before the answer exists, so it quotes the pages asked (`ceil(limit / 25)`). None is an empty result, not charged.',
  security: API_KEY_SECURITY,
  request: { query: Query },
  responses: {
    200: jsonResponse(SerialInsidersBody, 'Wallets that are insiders across launches'),
    ...errorResponses(...PAID_ERRORS),
  },
});

/** `GET /v1/serial-insiders` (priced per page of 25 rows). */
export function registerSerialInsidersRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const request = SerialInsidersRequest.parse(c.req.valid('query'));
    const body = await servePaid<SerialInsidersPage>(
      c,
      deps,
      priceOf('serial_insiders', { limit: request.limit }),
      async () => {
        const page = await rankSerialInsiders(deps.store, request, deps.now(), {
          index: deps.identityIndex?.(),
        });
        const empty = page.wallets.length === 0;
        return {
          body: page,
          coverage: empty ? 'none' : 'full',
          asOf: Date.parse(deps.manifest.current_through),
          billable: !empty,
          rows: page.wallets.length,
        };
      },
    );
    return c.json(body, 200);
  });
}
