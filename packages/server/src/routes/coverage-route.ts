import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { type Coverage, describeCoverage } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { appendMeta } from '../envelope/append-meta.js';
import { freeMeta } from '../envelope/free-meta.js';
import { buildPriceList, PriceList } from '../pricing/price-list.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

export const CoverageBody = withMeta(
  z.object({
    universe: z.string(),
    source: z.enum(['sim', 'mainnet']),
    platforms: z.array(z.string()),
    history_from: z.string(),
    complete_since: z.string(),
    current_through: z.string(),
    tokens_indexed: z.int(),
    example_mint: z.string().nullable(),
    not_covered: z.array(z.string()),
    index: z.object({
      window: z.object({ from: z.string(), to: z.string() }),
      tokens: z.int(),
      settled: z.int(),
      newest_analysis_at: z.string().nullable(),
      freshness_s: z.int().nullable(),
      ticks_full_resolution_from: z.string(),
    }),
    stats: z.object({
      by_platform: z.record(z.string(), z.int()),
      rug_rate_pct: z.number().nullable(),
      median_holders: z.number().nullable(),
      wallets_seen: z.int(),
    }),
    start_here: z
      .object({
        mint: z.string(),
        symbol: z.string().nullable(),
        platform: z.string(),
        analyzed_at: z.string(),
        curve_mint: z.string().nullable().openapi({
          description:
            'A mint still on its bonding curve that `POST /v1/analyze/{mint}` accepts now (the simulated world keeps some there); null when none is known (the real chain)',
        }),
      })
      .nullable(),
    pricing: PriceList,
  }),
).openapi('Coverage');

const route = createRoute({
  method: 'get',
  path: '/v1/coverage',
  tags: ['free'],
  summary: 'What the index covers',
  description:
    'Free and keyless. Dates of the record (`history_from`, `complete_since`, `current_through`), token count, what is not covered, an `example_mint` that has data, a recent `start_here` token (with a `curve_mint` that analyze accepts, in the simulated world) and the price list.',
  responses: {
    200: jsonResponse(CoverageBody, 'Coverage of the index'),
    ...errorResponses(...COMMON_ERRORS),
  },
});

export const COVERAGE_TTL_MS = 60_000;

/** `GET /v1/coverage`. */
export function registerCoverageRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const pricing = buildPriceList();
  // Coverage aggregates whole tables (≈ 36 ms of CPU on 2,000 launches, measured): computed at
  // most once per COVERAGE_TTL_MS, and kept as UTF-8 JSON without `_meta` (serializing the 5 KB
  // body per call was most of its cost); `index.freshness_s` is as of that computation.
  let cached: { at: number; utf8: Promise<Buffer> } | null = null;
  app.openapi(route, async (c) => {
    const now = deps.now();
    if (cached === null || now - cached.at >= COVERAGE_TTL_MS) {
      const utf8 = describeCoverage(deps.store, deps.manifest, now).then((coverage: Coverage) => {
        const curve_mint = deps.chain?.curveMint?.() ?? null;
        const start_here = coverage.start_here && { ...coverage.start_here, curve_mint };
        return Buffer.from(JSON.stringify({ ...coverage, start_here, pricing }));
      });
      cached = { at: now, utf8 };
      utf8.catch(() => {
        if (cached?.utf8 === utf8) cached = null;
      });
    }
    const body = appendMeta(
      await cached.utf8,
      freeMeta(c, deps, { asOf: Date.parse(deps.manifest.current_through) }),
    );
    return c.body(body, 200, { 'content-type': 'application/json' }) as never;
  });
}
