import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * Sets a response header. Under @hono/node-server it goes straight on Node's response, which
 * merges it into the head it writes, so a route's own headers stay a plain object and the adapter
 * never builds, sorts and copies a WHATWG `Headers` (measured on the paid screen path).
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing !== undefined && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}
