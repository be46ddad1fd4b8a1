import { connect } from 'node:net';
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

test('200 sockets trickling a body are all cut with 408 within 15 s while the server keeps answering others', async () => {
  const app = new Hono()
    .post('/in', async (c) => c.json({ size: (await c.req.text().catch(() => '')).length }))
    .get('/ok', (c) => c.text('ok'));
  const server = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  const { port } = new URL(server.url);
  const started = Date.now();
  const sockets = Array.from({ length: 200 }, () => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    let reply = '';
    socket.on('data', (b: Buffer) => {
      reply += b.toString();
    });
    socket.write(
      'POST /in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 500);
    return new Promise<{ reply: string; ms: number }>((resolve) =>
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ reply, ms: Date.now() - started });
      }),
    );
  });
  await new Promise((r) => setTimeout(r, 2000));
  const ok = await fetch(`${server.url}/ok`);
  expect(ok.status).toBe(200);
  expect(await ok.text()).toBe('ok');
  const closed = await Promise.all(sockets);
  expect(closed.every((s) => s.reply.startsWith('HTTP/1.1 408'))).toBe(true);
  expect(closed[0].reply).toContain('"code":"request_timeout"');
  expect(Math.max(...closed.map((s) => s.ms))).toBeLessThan(15_000);
  await server.stop();
}, 30_000);

test('a request the HTTP parser refuses gets the JSON error body, not a bare 400', async () => {
  const server = await startServer({ fetch: new Hono().fetch, port: 0, hostname: '127.0.0.1' });
  const { port } = new URL(server.url);
  for (const raw of [
    'BREW / HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\n\r\n{"unframed":1}\r\n\r\n',
  ]) {
    const socket = connect(Number(port), '127.0.0.1');
    let reply = '';
    socket.on('data', (b: Buffer) => {
      reply += b.toString();
    });
    socket.write(raw);
    await new Promise((resolve) => socket.on('close', resolve));
    const last = reply.slice(reply.lastIndexOf('HTTP/1.1 '));
    expect(last.startsWith('HTTP/1.1 400')).toBe(true);
    const body = JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ error: { code: 'invalid_input' }, _meta: { billing: { charged: false } } });
  }
  await server.stop();
});
