import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app/app-env.js';
import { invalidInput } from '../errors/invalid-input.js';
import { ServerError } from '../errors/server-error.js';
import { openapiGet } from './openapi-get.js';
import { MintParams } from './params.js';

const route = createRoute({
  method: 'get',
  path: '/v1/thing/{mint}',
  request: { params: MintParams },
  responses: {
    200: { description: 'ok', content: { 'application/json': { schema: z.object({ mint: z.string() }) } } },
  },
});

function appWith(register: (app: OpenAPIHono<AppEnv>) => void) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error, result.target);
    },
  });
  app.onError((err, c) =>
    err instanceof ServerError
      ? c.json({ code: err.code, message: err.message, details: err.details }, 400)
      : c.json({ unexpected: String(err) }, 500),
  );
  register(app);
  return app;
}

const viaOpenapi = appWith((app) =>
  app.openapi(route, (c) => c.json({ mint: c.req.valid('param').mint }, 200)),
);
const viaGet = appWith((app) =>
  openapiGet(app, route, (c) => c.json({ mint: c.req.valid('param').mint }, 200)),
);
const MINT = '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr';

describe('openapiGet', () => {
  it('answers as app.openapi does: the validated parameter, and the same 400 for a bad one', async () => {
    for (const path of [`/v1/thing/${MINT}`, '/v1/thing/not-a-mint', `/v1/thing/${MINT}0`]) {
      const [a, b] = await Promise.all([viaOpenapi.request(path), viaGet.request(path)]);
      expect(b.status, path).toBe(a.status);
      expect(await b.json(), path).toEqual(await a.json());
    }
    expect((await viaGet.request('/v1/thing/not-a-mint')).status).toBe(400);
  });

  it('documents the route exactly as app.openapi does', () => {
    const doc = (app: OpenAPIHono<AppEnv>) =>
      app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }).paths;
    expect(doc(viaGet)).toEqual(doc(viaOpenapi));
  });

  it('refuses a route with inputs other than path parameters', () => {
    const withQuery = createRoute({
      ...route,
      request: { params: MintParams, query: z.object({ n: z.string() }) },
    });
    expect(() => openapiGet(new OpenAPIHono<AppEnv>(), withQuery, (c) => c.json({ mint: '' }, 200))).toThrow(
      /path parameters only/,
    );
  });
});
