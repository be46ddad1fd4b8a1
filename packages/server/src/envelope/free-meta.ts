import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { buildMeta, type Coverage, type Meta } from './meta.js';

/** `_meta` of a free call. */
export function freeMeta(
  c: Context<AppEnv>,
  deps: AppDeps,
  options: { readonly coverage?: Coverage; readonly asOf?: number | null } = {},
): Meta {
  return buildMeta({
    coverage: options.coverage ?? 'full',
    asOf: options.asOf ?? null,
    now: deps.now(),
    requestId: c.get('requestId'),
  });
}
