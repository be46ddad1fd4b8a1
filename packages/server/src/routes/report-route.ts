import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  GraphRecord,
  graphToken,
  IdentityRecord,
  InspectRecord,
  inspectToken,
  PricePathRecord,
  ScreenRecord,
  tracePricePath,
} from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import type { IdentityKeeper } from '../cache/identity-keeper.js';
import { ServerError } from '../errors/server-error.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { screenRecordOf } from '../risk/screen-record-of.js';
import { buildExitAnswer, ExitAnswer } from './exit-route.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, mintNotHeld, NoRecordBody } from './params.js';

export const CoreReport = z
  .object({
    mint: z.string(),
    depth: z.literal('core'),
    report: z.object({ screen: ScreenRecord, inspect: InspectRecord, identity: IdentityRecord }),
    says: z.string(),
  })
  .openapi('CoreReport');
export type CoreReport = z.infer<typeof CoreReport>;

export const FullReport = z
  .object({
    mint: z.string(),
    depth: z.literal('full'),
    report: z.object({
      screen: ScreenRecord,
      inspect: InspectRecord,
      identity: IdentityRecord,
      price: PricePathRecord,
      /** The live exit check (never cached); null when the chain has no market for the mint. */
      exit: ExitAnswer.nullable(),
      graph: GraphRecord.nullable(),
    }),
    says: z.string(),
  })
  .openapi('FullReport');
export type FullReport = z.infer<typeof FullReport>;

export const ReportBody = z
  .union([
    withMeta(CoreReport).openapi('Report'),
    withMeta(FullReport).openapi('ReportFull'),
    withMeta(NoRecordBody).openapi('ReportNoRecord'),
  ])
  .openapi('ReportResponse');

const Query = z.object({
  depth: z
    .enum(['core', 'full'])
    .default('core')
    .openapi({ param: { name: 'depth', in: 'query' } }),
});

const route = createRoute({
  method: 'get',
  path: '/v1/report/{mint}',
  tags: ['risk'],
  summary: 'Screen, inspect and identity in one call',
  description:
    '`depth=core` (0.03 USD) merges screen, inspect and identity. `depth=full` (0.07 USD) adds the price path, the live exit check (never cached) and the wallet graph; without a chain reader it answers 501 `not_implemented` (never charged). No record: coverage `none`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams, query: Query },
  responses: { 200: jsonResponse(ReportBody, 'The report'), ...errorResponses(...PAID_ERRORS, 501, 503) },
});

/** The core report of a held token as of `asOf`, or null when the index has no record of it. */
export async function buildCoreReport(
  deps: AppDeps,
  risk: RiskContext,
  identify: IdentityKeeper,
  mint: string,
  asOf: number,
): Promise<CoreReport | null> {
  const [screen, inspect, identity] = await Promise.all([
    screenRecordOf(deps.store, risk, mint, asOf),
    inspectToken(deps.store, mint, asOf),
    identify(mint),
  ]);
  if (screen === null || inspect.kind === 'none' || identity.kind === 'none') return null;
  return {
    mint,
    depth: 'core',
    report: { screen, inspect: inspect.record, identity: identity.record },
    says: `${screen.says} ${identity.record.says}`,
  };
}

/** `GET /v1/report/{mint}`. */
export function registerReportRoute(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  risk: RiskContext,
  identify: IdentityKeeper,
): void {
  app.openapi(route, async (c) => {
    const { mint } = c.req.valid('param');
    const { depth } = c.req.valid('query');
    if (depth === 'full') {
      const { chain, quotes } = deps;
      if (!chain || !quotes) {
        throw new ServerError(
          'not_implemented',
          'depth=full needs the live exit check, and this server runs without a chain reader; use depth=core',
        );
      }
      c.header('cache-control', 'no-store');
      const full = await servePaid<FullReport | NoRecordBody>(c, deps, priceOf('report_full'), async () => {
        const now = deps.now();
        const core = await buildCoreReport(deps, risk, identify, mint, now);
        if (core === null) return { body: mintNotHeld(mint), coverage: 'none', asOf: null, billable: false };
        const [price, graph, exit] = await Promise.all([
          tracePricePath(deps.store, mint, now),
          graphToken(deps.store, mint, now, { index: deps.identityIndex?.() }),
          buildExitAnswer(chain, quotes, mint),
        ]);
        const report: FullReport = {
          mint,
          depth: 'full',
          report: {
            ...core.report,
            price:
              price.kind === 'found'
                ? price.record
                : { mint, path: null, coverage_note: price.reason, says: price.says },
            exit,
            graph: graph.kind === 'found' ? graph.record : null,
          },
          says: `${core.says} ${exit ? exit.says : 'No live market was found for the exit check.'}`,
        };
        return {
          body: report,
          coverage: 'full',
          asOf: Date.parse(core.report.screen.analyzed_at),
          billable: true,
        };
      });
      return c.json(full, 200);
    }
    const body = await servePaid<CoreReport | NoRecordBody>(c, deps, priceOf('report'), async () => {
      const report = await buildCoreReport(deps, risk, identify, mint, deps.now());
      return report === null
        ? { body: mintNotHeld(mint), coverage: 'none', asOf: null, billable: false }
        : {
            body: report,
            coverage: 'full',
            asOf: Date.parse(report.report.screen.analyzed_at),
            billable: true,
          };
    });
    return c.json(body, 200);
  });
}
