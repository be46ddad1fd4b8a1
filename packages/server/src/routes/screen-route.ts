import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ScreenRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaidUtf8 } from '../billing/serve-paid.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { screenEntryOf } from '../risk/screen-record-of.js';
import { openapiGet } from './openapi-get.js';
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
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
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
    // Kept UTF-8 JSON: the body is the `ScreenBody` declared above (checked in test/routes.test.ts).
    // A fresh headers object each call: the Node adapter adds Content-Length to it in place.
    return c.body(bytes, 200, { 'content-type': 'application/json' }) as never;
  });
}
