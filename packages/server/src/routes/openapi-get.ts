import type { OpenAPIHono, RouteConfig, RouteHandler, z } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { invalidInput } from '../errors/invalid-input.js';

/**
 * Registers a GET route whose only input is its path parameters as `app.openapi` does — the same
 * OpenAPI entry, the same `c.req.valid('param')`, the same 400 — without the OpenAPI validator,
 * which reads Content-Type even for path parameters, so @hono/node-server first builds a WHATWG
 * `Headers` of every request header (≈ 1–1.6 µs a call measured alone; bench/RESULTS.md).
 */
export function openapiGet<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: RouteHandler<R, AppEnv>,
): void {
  const { params, ...others } = route.request ?? {};
  if (route.method !== 'get' || params === undefined || Object.keys(others).length > 0) {
    throw new Error(`${route.path}: openapiGet takes a GET route with path parameters only`);
  }
  const schema = params as z.ZodType;
  app.openAPIRegistry.registerPath(route);
  const serve = handler as (c: Context<AppEnv>, next: Next) => unknown;
  // One handler that validates, then serves: not a middleware before it (no async layer a call).
  app.get(route.path.replaceAll(/\/{(.+?)}/g, '/:$1'), function validatedGet(c, next) {
    const parsed = schema.safeParse(c.req.param());
    if (!parsed.success) throw invalidInput(parsed.error, 'param');
    c.req.addValidatedData('param', parsed.data as object);
    return serve(c, next) as never;
  });
}
