import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { type HttpBindings, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let port: number;
let server: ReturnType<typeof serve>;
/** Emits `served` with the socket once the app has built a response and before Node writes it. */
const handed = new EventEmitter();
/** Paths whose response is held until the client's socket has closed (a client gone mid-call). */
const holdUntilGone = new Set<string>();

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world, { rateLimit: { points: 100_000, windowS: 60 } });
  server = serve({
    fetch: async (req, bindings) => {
      const env = bindings as HttpBindings;
      const res = await t.app.fetch(req, env);
      if (holdUntilGone.has(new URL(req.url).pathname)) {
        handed.emit('served', env.incoming.socket);
        if (!env.incoming.socket.destroyed) await once(env.incoming.socket, 'close');
      }
      return res;
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const rawRequest = async (text: string): Promise<{ socket: Socket; reply: Promise<string> }> => {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const reply = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(Buffer.concat(chunks).toString())),
  );
  socket.on('error', () => {});
  socket.write(text);
  return { socket, reply };
};

/** Waits until the ledger has no reservation of the key left (post and void run after the response). */
const settled = async (id: string) => {
  for (let i = 0; i < 200; i++) {
    if (((await t.ledger.findKeyById(id))!.held ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('a reservation was never posted or voided');
};

describe('money moves only with a delivered answer', () => {
  test('HEAD on a paid route answers like GET without a body and charges nothing', async () => {
    const k = await t.fundedKey(1000);
    const viaApp = await t.app.request(`/v1/screen/${world.mint}`, {
      method: 'HEAD',
      headers: { 'x-api-key': k.secret },
    });
    expect(viaApp.status).toBe(200);
    expect(await viaApp.text()).toBe('');
    const viaSocket = await fetch(`http://127.0.0.1:${port}/v1/identity/${world.mint}`, {
      method: 'HEAD',
      headers: { 'x-api-key': k.secret },
    });
    expect(viaSocket.status).toBe(200);
    const unpaid = await t.app.request(`/v1/screen/${world.mint}`, { method: 'HEAD' });
    expect(unpaid.status).toBe(402);
    expect(unpaid.headers.get('payment-required')).toBeTruthy();
    await settled(k.id);
    expect(await t.balance(k.id)).toBe(1000);
    expect(await t.ledger.charges(k.id)).toEqual([]);
  });

  test('20 clients that hang up before the answer is handed to the socket are charged nothing', async () => {
    const k = await t.fundedKey(1000);
    const path = `/v1/identity/${world.mint}`;
    holdUntilGone.add(path);
    try {
      for (let i = 0; i < 20; i++) {
        const served = once(handed, 'served');
        const { socket, reply } = await rawRequest(
          `GET ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${k.secret}\r\n\r\n`,
        );
        await served;
        socket.destroy();
        await reply;
      }
    } finally {
      holdUntilGone.delete(path);
    }
    await settled(k.id);
    expect(await t.balance(k.id)).toBe(1000);
    expect(await t.ledger.charges(k.id)).toEqual([]);
    const delivered = await call(t, 'GET', path, { key: k.secret });
    expect(delivered.json._meta.billing.charged).toBe(true);
    expect(await t.balance(k.id)).toBe(1000 - delivered.json._meta.billing.credits);
  });

  test('a GET followed by an unframed body gets the parser’s 400 and is charged nothing', async () => {
    const k = await t.fundedKey(1000);
    for (let i = 0; i < 5; i++) {
      const { reply } = await rawRequest(
        `GET /v1/screen/${world.mint} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${k.secret}\r\n\r\n{"not":"framed"}\r\n\r\n`,
      );
      const text = await reply;
      expect(text).toContain('400');
    }
    await settled(k.id);
    expect(await t.balance(k.id)).toBe(1000);
    expect(await t.ledger.charges(k.id)).toEqual([]);
  });

  test('a delivered answer is charged once the response is written', async () => {
    const k = await t.fundedKey(1000);
    const r = await fetch(`http://127.0.0.1:${port}/v1/screen/${world.mint}`, {
      headers: { 'x-api-key': k.secret },
    });
    expect(r.status).toBe(200);
    const body = await r.json();
    await settled(k.id);
    expect(await t.balance(k.id)).toBe(1000 - body._meta.billing.credits);
    expect(body._meta.billing.balance_credits).toBe(1000 - body._meta.billing.credits);
  });
});
