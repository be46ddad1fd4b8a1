import type { NotFoundHandler } from 'hono';
import type { AppEnv } from '../app/app-env.js';
import { errorResponse } from '../errors/handle-error.js';
import { ServerError } from '../errors/server-error.js';
import type { RealRoute } from './route-index.js';

/**
 * Unmatched requests: 405 with `Allow` when the path is real but the method is not (HEAD is
 * answered by GET routes), else 404 whose details list every real path.
 */
export function notFound(routes: () => readonly RealRoute[], now: () => number): NotFoundHandler<AppEnv> {
  return function notFoundHandler(c) {
    const all = routes();
    const methods = [...new Set(all.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))];
    if (methods.length > 0) {
      const allow = methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
      const error = new ServerError(
        'method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(', ')}`,
        {
          headers: { allow: allow.join(', ') },
          details: { allow },
        },
      );
      return errorResponse(c, error, now());
    }
    const paths = [...new Set(all.map((r) => `${r.method} ${r.path}`))].sort();
    const error = new ServerError('not_found', `no route ${c.req.path}; details.paths lists the real ones`, {
      details: { paths },
    });
    return errorResponse(c, error, now());
  };
}
