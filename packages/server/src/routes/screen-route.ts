import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ScreenRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaidUtf8 } from '../billing/serve-paid.js';
import { invalidInput } from '../errors/invalid-input.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { screenEntryOf } from '../risk/screen-record-of.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, mintNotHeld, NoRecordBody } from './params.js';

export const ScreenBody = z
  .union([withMeta(ScreenRecord).openapi('Screen'), withMeta(NoRecordBody).openapi('ScreenNoRecord')])
  .openapi('ScreenResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/screen/{mint}',
  tags: ['risk'],
  summary: 'Rug-risk screen of one token',
  description:
    'Score 0–100, verdict band, measured rug rate of the band with its calibration, collapse speed, contributions, facts and safety, as recorded at migration. A token not held answers `kind: "none"` with coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(ScreenBody, 'The screen record'), ...errorResponses(...PAID_ERRORS) },
});

/** `GET /v1/screen/{mint}` (0.001 USD). */
export function registerScreenRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps, risk: RiskContext): void {
  // Documented as every route, but served by a plain GET that checks its one parameter itself: the
  // validator `app.openapi` adds reads Content-Type, for which @hono/node-server first builds a
  // WHATWG Headers of every request header (≈ 2 µs and 3 KB on each call of the hottest route).
  app.openAPIRegistry.registerPath(route);
  app.get('/v1/screen/:mint', async (c) => {
    const params = MintParams.safeParse(c.req.param());
    if (!params.success) throw invalidInput(params.error, 'param');
    const { mint } = params.data;
    const bytes = await servePaidUtf8<ScreenRecord | NoRecordBody>(c, deps, priceOf('screen'), async () => {
      const now = deps.now();
      const entry = await screenEntryOf(deps.store, risk, mint, now);
      if (entry === null) {
        const body = mintNotHeld(mint);
        return {
          body,
          utf8: Buffer.from(JSON.stringify(body)),
          coverage: 'none',
          asOf: null,
          billable: false,
        };
      }
      // The verdict is committed to the track record before the first response that shows it
      // (a HEAD shows none).
      const logging =
        c.req.method === 'HEAD' ? undefined : deps.trackRecord?.publish(entry.record, 'screen', now);
      if (logging) await logging;
      return {
        body: entry.record,
        utf8: entry.utf8,
        coverage: 'full',
        asOf: entry.analyzedAt,
        billable: true,
      };
    });
    // The hottest route answers kept UTF-8 JSON; the body is the same `ScreenBody` the OpenAPI
    // document declares (checked against it in test/routes.test.ts).
    // A fresh headers object each call: the Node adapter adds Content-Length to it in place.
    return c.body(bytes, 200, { 'content-type': 'application/json' });
  });
}
