import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { PRICE_TABLE } from '../pricing/price-table.js';
import { COMMON_ERRORS, errorResponses } from '../routes/openapi-parts.js';
import { buildAuthMd } from './build-auth-md.js';
import { buildLlmsTxt, type GuideRoute } from './build-llms-txt.js';
import { openApiConfig } from './openapi-config.js';
import { SCALAR_BUNDLE_PATH, scalarBundle } from './scalar-bundle.js';

const origin = (c: Context) => new URL(c.req.url).origin;

function priceLabel(method: string, path: string): string {
  const entries = PRICE_TABLE.filter((p) => p.method === method && p.path === path);
  if (entries.length === 0) return 'free';
  return entries
    .map((p) => {
      const per =
        'unit' in p ? `per ${p.unit}` : 'pageSize' in p ? `per page of ${p.pageSize} rows` : 'per call';
      return `${p.usd} USD ${per}${'query' in p ? ` (${p.query})` : ''}`;
    })
    .join('; ');
}

const Link = z.object({ href: z.string(), type: z.string() });
export const Linkset = z
  .object({
    linkset: z.array(
      z.object({
        anchor: z.string(),
        'service-desc': z.array(Link),
        'service-doc': z.array(Link),
        'service-meta': z.array(Link),
        status: z.array(Link),
      }),
    ),
  })
  .openapi('Linkset');

const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' as const } } },
});

const llmsRoute = createRoute({
  method: 'get',
  path: '/llms.txt',
  tags: ['discovery'],
  summary: 'Endpoint guide for language models',
  responses: { 200: text('text/plain', 'llms.txt'), ...errorResponses(...COMMON_ERRORS) },
});
const authRoute = createRoute({
  method: 'get',
  path: '/auth.md',
  tags: ['discovery'],
  summary: 'Authentication guide',
  responses: { 200: text('text/markdown', 'auth.md'), ...errorResponses(...COMMON_ERRORS) },
});
const catalogRoute = createRoute({
  method: 'get',
  path: '/.well-known/api-catalog',
  tags: ['discovery'],
  summary: 'API catalogue (RFC 9727 linkset)',
  responses: {
    200: {
      description: 'A linkset pointing at the OpenAPI description, docs and guides',
      content: { 'application/linkset+json': { schema: Linkset } },
    },
    ...errorResponses(...COMMON_ERRORS),
  },
});

/**
 * `/openapi.json`, `/docs` (Scalar), `/llms.txt`, `/auth.md`, `/.well-known/api-catalog` and
 * `/metrics`. Register last: the guides list the routes registered before them.
 */
export function registerDiscoveryRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'A key from POST /v1/keys with prepaid credits.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'x402', {
    type: 'apiKey',
    in: 'header',
    name: 'PAYMENT-SIGNATURE',
    description: 'An x402 v2 payment proof answering the 402 challenge (see /auth.md).',
  });

  app.doc31('/openapi.json', (c) => openApiConfig(origin(c)));

  let guide: GuideRoute[] | null = null;
  const guideRoutes = (base: string): GuideRoute[] => {
    if (guide) return guide;
    const doc = app.getOpenAPI31Document(openApiConfig(base));
    guide = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      (['get', 'post'] as const).flatMap((m) => {
        const op = item?.[m];
        if (!op || !path.startsWith('/v1/')) return [];
        const method = m.toUpperCase();
        return [{ method, path, summary: op.summary ?? '', price: priceLabel(method, path) }];
      }),
    );
    return guide;
  };

  app.openapi(llmsRoute, (c) => c.text(buildLlmsTxt(origin(c), guideRoutes(origin(c))), 200));
  app.openapi(authRoute, (c) => {
    c.header('content-type', 'text/markdown; charset=utf-8');
    return c.body(buildAuthMd(origin(c), deps.x402), 200);
  });
  app.openapi(catalogRoute, (c) => {
    const base = origin(c);
    const linkset = {
      linkset: [
        {
          anchor: `${base}/v1/`,
          'service-desc': [
            { href: `${base}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' },
          ],
          'service-doc': [
            { href: `${base}/docs`, type: 'text/html' },
            { href: `${base}/llms.txt`, type: 'text/plain' },
            { href: `${base}/auth.md`, type: 'text/markdown' },
          ],
          'service-meta': [{ href: `${base}/.well-known/x402`, type: 'application/json' }],
          status: [{ href: `${base}/v1/coverage`, type: 'application/json' }],
        },
      ],
    };
    return c.json(linkset, 200, {
      'content-type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    });
  });

  app.get(SCALAR_BUNDLE_PATH, (c) =>
    c.body(scalarBundle(), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    }),
  );
  app.get(
    '/docs',
    Scalar({ url: '/openapi.json', pageTitle: 'launchlens API reference', cdn: SCALAR_BUNDLE_PATH }),
  );
  app.get('/metrics', async (c) => {
    c.header('content-type', deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics(), 200);
  });
}
