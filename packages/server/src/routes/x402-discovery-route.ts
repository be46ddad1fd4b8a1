import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { PRICE_TABLE } from '../pricing/price-table.js';
import { usdToMicros } from '../pricing/usd-micros.js';
import { MAX_TIMEOUT_S, X402_VERSION } from '../x402/x402-settings.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';
import { indexRoutes } from './route-index.js';

export const X402Resource = z
  .object({
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    query: z.string().optional(),
    price: z.object({ amount: z.string(), currency: z.literal('USD'), mode: z.literal('fixed') }),
    amount: z.string().openapi({ description: 'USDC base units (6 decimals)' }),
    per: z.string(),
    scheme: z.literal('exact'),
    network: z.string(),
    asset: z.string(),
    payTo: z.string(),
    maxTimeoutSeconds: z.int(),
    description: z.string(),
  })
  .openapi('X402Resource');

export const X402DiscoveryBody = withMeta(
  z.object({
    x402Version: z.literal(2),
    network: z.string(),
    asset: z.string(),
    payTo: z.string(),
    feePayer: z.string().nullable(),
    resources: z.array(X402Resource),
  }),
).openapi('X402Discovery');

const route = createRoute({
  method: 'get',
  path: '/.well-known/x402',
  tags: ['discovery'],
  summary: 'Every priced route with its x402 price',
  description:
    'Free. Price, asset (USDC), network (Solana mainnet, CAIP-2) and payTo address of every priced route.',
  responses: { 200: jsonResponse(X402DiscoveryBody, 'Priced routes'), ...errorResponses(...COMMON_ERRORS) },
});

/** `GET /.well-known/x402`, from the one price table. */
export function registerX402DiscoveryRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  let served: Set<string> | null = null;
  // `report?depth=full` answers 501 without a chain reader (no live exit check).
  const unserved = new Set(deps.chain && deps.quotes ? [] : ['report_full']);
  app.openapi(route, (c) => {
    served ??= new Set(indexRoutes(app.routes).map((r) => `${r.method} ${r.path}`));
    const { payTo, network, asset, feePayer } = deps.x402;
    const resources = PRICE_TABLE.filter(
      (p) => served!.has(`${p.method} ${p.path}`) && !unserved.has(p.id),
    ).map((p) => ({
      method: p.method,
      path: p.path,
      ...('query' in p ? { query: p.query } : {}),
      price: { amount: p.usd, currency: 'USD' as const, mode: 'fixed' as const },
      amount: String(usdToMicros(p.usd)),
      per: 'unit' in p ? p.unit : 'pageSize' in p ? `page of ${p.pageSize} rows` : 'call',
      scheme: 'exact' as const,
      network,
      asset,
      payTo,
      maxTimeoutSeconds: MAX_TIMEOUT_S,
      description: p.description,
    }));
    return c.json(
      { x402Version: X402_VERSION, network, asset, payTo, feePayer, resources, _meta: freeMeta(c, deps) },
      200,
    );
  });
}
