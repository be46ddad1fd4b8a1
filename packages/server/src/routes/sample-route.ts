import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { IdentityRecord, InspectRecord, inspectToken, ScreenRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import type { IdentityKeeper } from '../cache/identity-keeper.js';
import { freeMeta } from '../envelope/free-meta.js';
import { buildMeta, Meta } from '../envelope/meta.js';
import { ServerError } from '../errors/server-error.js';
import { type CallPrice, priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import { screenRecordOf } from '../risk/screen-record-of.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

const Next = z.object({ call: z.string(), usd: z.string(), credits: z.int(), why: z.string() });

export const SampleBody = withMeta(
  z.object({
    mint: z.string(),
    screen: ScreenRecord.extend({ _meta: Meta }),
    inspect: InspectRecord.extend({ _meta: Meta }),
    identity: IdentityRecord.extend({ _meta: Meta }),
    next: z.array(Next),
    not_shown: z.object({ call: z.string(), usd: z.string(), credits: z.int(), what: z.string() }),
    says: z.string(),
  }),
).openapi('Sample');

/**
 * The sample token: the settled, scoreable token with the most holders among those analysed in the
 * first week after `complete_since` (ties by mint) — fixed for a dataset, however many launches are
 * added later.
 */
export const SAMPLE_MINT_SQL = `
SELECT t.mint FROM tokens t JOIN outcomes o USING (mint)
WHERE NOT t.skipped AND epoch_ms(t.analyzed_at) >= $from AND epoch_ms(t.analyzed_at) < $to
ORDER BY t.holders DESC, t.mint
LIMIT 1`;

const DAY_MS = 86_400_000;

const route = createRoute({
  method: 'get',
  path: '/v1/sample',
  tags: ['free'],
  summary: 'One fixed token, screened, inspected and identified',
  description:
    'Free. The complete screen, inspect and identity responses of one fixed token, each with its real price in `_meta.list_price`, what to call next and the tier not shown.',
  responses: { 200: jsonResponse(SampleBody, 'The sample'), ...errorResponses(...COMMON_ERRORS) },
});

/** `GET /v1/sample`. */
export function registerSampleRoute(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  risk: RiskContext,
  identify: IdentityKeeper,
): void {
  let sampleMint: Promise<string | null> | null = null;
  const pickMint = async () => {
    const from = Date.parse(deps.manifest.complete_since);
    const rows = await deps.store.all<{ mint: string }>(SAMPLE_MINT_SQL, { from, to: from + 7 * DAY_MS });
    return rows[0]?.mint ?? null;
  };

  app.openapi(route, async (c) => {
    sampleMint ??= pickMint();
    const mint = await sampleMint;
    const asOf = deps.now();
    const [screen, inspect, identity] = mint
      ? await Promise.all([
          screenRecordOf(deps.store, risk, mint, asOf),
          inspectToken(deps.store, mint, asOf),
          identify(mint),
        ])
      : [null, null, null];
    if (!mint || !screen || inspect?.kind !== 'found' || identity?.kind !== 'found') {
      throw new ServerError('internal_error', 'the dataset has no settled token to sample');
    }
    const part = (price: CallPrice, capturedAt: number) => ({
      ...buildMeta({ coverage: 'full', asOf: capturedAt, now: asOf, requestId: c.get('requestId') }),
      list_price: { usd: price.usd, credits: price.credits },
    });
    const analyzedAt = Date.parse(screen.analyzed_at);
    const next = [
      {
        call: `GET /v1/graph/${mint}`,
        price: priceOf('graph'),
        why: 'who is connected to whom, clusters and roles',
      },
      { call: `GET /v1/price/${mint}`, price: priceOf('price'), why: 'what the price did after analysis' },
      { call: 'POST /v1/cohort', price: priceOf('cohort'), why: 'how tokens with similar facts turned out' },
    ].map((n) => ({ call: n.call, usd: n.price.usd, credits: n.price.credits, why: n.why }));
    const full = priceOf('report_full');
    return c.json(
      {
        mint,
        screen: { ...screen, _meta: part(priceOf('screen'), analyzedAt) },
        inspect: { ...inspect.record, _meta: part(priceOf('inspect'), analyzedAt) },
        identity: { ...identity.record, _meta: part(priceOf('identity'), analyzedAt) },
        next,
        not_shown: {
          call: `GET /v1/report/${mint}?depth=full`,
          usd: full.usd,
          credits: full.credits,
          what: 'the full report: price path, live exit ladder and wallet graph beside these three',
        },
        says: `A fixed sample: ${screen.says}`,
        _meta: freeMeta(c, deps, { asOf: analyzedAt }),
      },
      200,
    );
  });
}
