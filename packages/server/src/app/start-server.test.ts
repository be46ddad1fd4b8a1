import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { startServer } from './start-server.js';

test('stop lets an in-flight request finish, refuses new ones, then runs onClosed', async () => {
  const events: string[] = [];
  const app = new Hono().get('/slow', async (c) => {
    await new Promise((r) => setTimeout(r, 300));
    events.push('handled');
    return c.json({ ok: true });
  });
  const server = await startServer({
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    onClosed: async () => {
      events.push('closed');
    },
  });
  const inFlight = fetch(`${server.url}/slow`, { headers: { connection: 'close' } });
  await new Promise((r) => setTimeout(r, 50));
  const stopped = server.stop();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  await stopped;
  expect(events).toEqual(['handled', 'closed']);
  await expect(fetch(`${server.url}/slow`)).rejects.toThrow();
});
