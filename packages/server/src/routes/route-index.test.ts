import { expect, test } from 'vitest';
import { indexRoutes } from './route-index.js';

test('hono paths become OpenAPI templates that match concrete paths; middleware is left out', () => {
  const routes = indexRoutes([
    { method: 'ALL', path: '*' },
    { method: 'GET', path: '/v1/wallet/:address/network' },
    { method: 'GET', path: '/.well-known/x402' },
    { method: 'GET', path: '/v1/wallet/:address/network' },
  ]);
  expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
    'GET /v1/wallet/{address}/network',
    'GET /.well-known/x402',
  ]);
  expect(routes[0].pattern.test('/v1/wallet/abc/network')).toBe(true);
  expect(routes[0].pattern.test('/v1/wallet/abc/other')).toBe(false);
  expect(routes[1].pattern.test('/.well-known/x402')).toBe(true);
  expect(routes[1].pattern.test('/-well-known/x402')).toBe(false);
});
