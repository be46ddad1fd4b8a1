import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { describeKol, KolsRequest } from '@launchlens/engine';
import { KolDetail } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { AddressParams, numberQuery } from './params.js';

export const KolBody = withMeta(KolDetail).openapi('Kol');

const route = createRoute({
  method: 'get',
  path: '/v1/kol/{address}',
  tags: ['market'],
  summary: 'One KOL in detail',
  description:
    'Lifetime and recent (`days`, 1–90, default 7) performance, recent trades and tokens of a tracked KOL wallet. An untracked address gives `kol: null` with coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: {
    params: AddressParams,
    query: z.object({ days: numberQuery('days', KolsRequest.shape.days) }),
  },
  responses: { 200: jsonResponse(KolBody, 'The KOL'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/kol/{address}` (0.02 USD). */
export function registerKolRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(route, async (c) => {
    const { address } = c.req.valid('param');
    const { days } = c.req.valid('query');
    const body = await servePaid<KolDetail>(c, deps, priceOf('kol'), async () => {
      const detail = await describeKol(deps.store, address, deps.now(), days);
      const tracked = detail.kol !== null;
      return {
        body: detail,
        coverage: tracked ? 'full' : 'none',
        asOf: Date.parse(deps.manifest.current_through),
        billable: tracked,
      };
    });
    return c.json(body, 200);
  });
}
