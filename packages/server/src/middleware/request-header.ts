import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * A request header (`name` in lower case). Under @hono/node-server it is read from Node's parsed
 * headers: `c.req.header()` makes the adapter build a WHATWG `Headers` of every header first
 * (≈ 3 KB and a few µs a request, measured on the paid screen path).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
