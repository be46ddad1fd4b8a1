import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addr } from '../support/addr.js';
import { migrationEvent, openEventSource, type StreamServer, startStreamServer } from './stream-server.js';

let s: StreamServer;
beforeAll(async () => {
  s = await startStreamServer({ heartbeatMs: 25 });
});
afterAll(() => s.close());

let n = 0;
const fresh = () => n++ * 1000;

interface Seen {
  readonly ids: number[];
  readonly end: { reason: string; delivered: number } | null;
}

/** Connects, runs `afterOpen`, and collects `migration` events until `event: end` or `until` holds. */
function collect(
  url: string,
  secret: string,
  afterOpen: () => Promise<unknown>,
  until: (ids: readonly number[]) => boolean = () => false,
): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const es = openEventSource(url, secret);
    const ids: number[] = [];
    es.addEventListener('open', () => void afterOpen().catch(reject));
    es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
    es.addEventListener('migration', (e) => {
      ids.push(Number(e.lastEventId));
      if (until(ids)) {
        es.close();
        resolve({ ids, end: null });
      }
    });
    es.addEventListener('end', (e) => {
      es.close();
      resolve({ ids, end: JSON.parse(e.data) });
    });
  });
}

test('max_events closes the stream after that many events and caps the spend', async () => {
  const key = await s.fundedKey(1000);
  const base = fresh();
  const seen = await collect(`${s.url}/v1/stream/migrations?max_events=3`, key.secret, () =>
    s.publish(Array.from({ length: 8 }, (_, i) => migrationEvent(base + i))),
  );
  expect(seen.ids).toHaveLength(3);
  expect(seen.end).toEqual({ reason: 'max_events', delivered: 3 });
  expect(await s.balance(key.id)).toBe(1000 - 3 * 2);
});

test('a filtered-out event costs nothing: only the matching token is delivered and billed', async () => {
  const key = await s.fundedKey(1000);
  const base = fresh();
  let letsbonkId = 0;
  const seen = await collect(
    `${s.url}/v1/stream/migrations?platform=letsbonk&max_events=1`,
    key.secret,
    async () => {
      await s.publish([migrationEvent(base), migrationEvent(base + 1)]);
      letsbonkId = (await s.publish([migrationEvent(base + 2, 'letsbonk')]))[0].id;
    },
  );
  expect(seen.ids).toEqual([letsbonkId]);
  expect(await s.balance(key.id)).toBe(1000 - 2);
  expect(await s.ledger.charges(key.id)).toHaveLength(1);
});

test('a fresh connection receives no backlog: the first event is the first one published after it opened', async () => {
  const key = await s.fundedKey(1000);
  const base = fresh();
  await s.publish(Array.from({ length: 5 }, (_, i) => migrationEvent(base + i)));
  let firstNew = 0;
  const seen = await collect(`${s.url}/v1/stream/migrations?max_events=1`, key.secret, async () => {
    firstNew = (await s.publish([migrationEvent(base + 5)]))[0].id;
  });
  expect(seen.ids).toEqual([firstNew]);
  expect(await s.balance(key.id)).toBe(1000 - 2);
});

test('when the credits run out the stream ends with credits_exhausted and the balance never goes below zero', async () => {
  const key = await s.fundedKey(5);
  const base = fresh();
  const seen = await collect(`${s.url}/v1/stream/migrations`, key.secret, () =>
    s.publish(Array.from({ length: 6 }, (_, i) => migrationEvent(base + i))),
  );
  expect(seen.ids).toHaveLength(2);
  expect(seen.end).toEqual({ reason: 'credits_exhausted', delivered: 2 });
  expect(await s.balance(key.id)).toBe(1);
});

test('rotating the key ends its open stream with key_revoked and nothing is charged after it', async () => {
  const key = await s.fundedKey(1000);
  const base = fresh();
  let rotated = false;
  const seen = await new Promise<Seen>((resolve, reject) => {
    const es = openEventSource(`${s.url}/v1/stream/migrations`, key.secret);
    const ids: number[] = [];
    es.addEventListener('open', () => void s.publish([migrationEvent(base)]).catch(reject));
    es.addEventListener('error', (e) => reject(new Error(`stream error ${e.code}: ${e.message}`)));
    es.addEventListener('migration', (e) => {
      ids.push(Number(e.lastEventId));
      void (async () => {
        await s.ledger.rotateKey(key.secret, Date.now());
        rotated = true;
        await s.publish([migrationEvent(base + 1), migrationEvent(base + 2)]);
      })().catch(reject);
    });
    es.addEventListener('end', (e) => {
      es.close();
      resolve({ ids, end: JSON.parse(e.data) });
    });
  });
  expect(rotated).toBe(true);
  expect(seen.ids).toHaveLength(1);
  expect(seen.end).toEqual({ reason: 'key_revoked', delivered: 1 });
  expect(await s.balance(key.id)).toBe(1000 - 2);
});

test('a key that cannot pay one event is refused with 402, no key or a dead key with 401, and nothing is charged', async () => {
  const poor = await s.fundedKey(1);
  const url = `${s.url}/v1/stream/kols`;
  const refused = await fetch(url, { headers: { 'X-API-Key': poor.secret } });
  expect(refused.status).toBe(402);
  expect((await refused.json()).error.code).toBe('insufficient_credits');
  const anonymous = await fetch(url);
  expect(anonymous.status).toBe(401);
  expect((await anonymous.json()).error.code).toBe('api_key_required');
  const dead = await fetch(url, { headers: { 'X-API-Key': `ll_live_${'x'.repeat(43)}` } });
  expect(dead.status).toBe(401);
  expect(await s.balance(poor.id)).toBe(1);

  const viaClient = await new Promise<number | undefined>((resolve) => {
    const es = openEventSource(url, poor.secret);
    es.addEventListener('error', (e) => {
      es.close();
      resolve(e.code);
    });
  });
  expect(viaClient).toBe(402);
});

test('an idle stream carries heartbeat comments', async () => {
  const key = await s.fundedKey(100);
  const ac = new AbortController();
  const res = await fetch(`${s.url}/v1/stream/wallets?watch=${addr('w', 1)}`, {
    headers: { 'X-API-Key': key.secret },
    signal: ac.signal,
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes(': heartbeat')) text += new TextDecoder().decode((await reader.read()).value);
  ac.abort();
  expect(text.startsWith(': connected\n\n')).toBe(true);
  expect(await s.balance(key.id)).toBe(100);
});

test('stream queries are validated: watch lists at most 50 addresses, wallets needs one, ids are numbers', async () => {
  const key = await s.fundedKey(100);
  const h = { 'X-API-Key': key.secret };
  const many = Array.from({ length: 51 }, (_, i) => addr('w', i)).join(',');
  const tooMany = await fetch(`${s.url}/v1/stream/kols?watch=${many}`, { headers: h });
  expect(tooMany.status).toBe(400);
  expect((await tooMany.json()).error.message).toMatch(/at most 50/);
  const none = await fetch(`${s.url}/v1/stream/wallets`, { headers: h });
  expect(none.status).toBe(400);
  const bad = await fetch(`${s.url}/v1/stream/kols?watch=notanaddress`, { headers: h });
  expect(bad.status).toBe(400);
  const badId = await fetch(`${s.url}/v1/stream/kols`, { headers: { ...h, 'Last-Event-ID': 'abc' } });
  expect(badId.status).toBe(400);
  const side = await fetch(`${s.url}/v1/stream/kols?side=hold`, { headers: h });
  expect(side.status).toBe(400);
});

test('the stream routes are listed in /llms.txt, /.well-known/x402 and the OpenAPI description with their prices', async () => {
  const llms = await (await fetch(`${s.url}/llms.txt`)).text();
  expect(llms).toMatch(/GET \/v1\/stream\/migrations.*0\.001 USD per token delivered/);
  expect(llms).toMatch(/GET \/v1\/stream\/kols.*0\.002 USD per trade delivered/);
  expect(llms).toMatch(/GET \/v1\/stream\/wallets.*0\.005 USD per event delivered/);
  const x402 = await (await fetch(`${s.url}/.well-known/x402`)).json();
  const paths = x402.resources.map((r: { path: string }) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining(['/v1/stream/migrations', '/v1/stream/kols', '/v1/stream/wallets']),
  );
  const doc = await (await fetch(`${s.url}/openapi.json`)).json();
  expect(Object.keys(doc.paths['/v1/stream/kols'].get.responses)).toEqual(
    expect.arrayContaining(['200', '400', '401', '402', '429']),
  );
  expect(doc.components.schemas.KolTradeEvent).toBeDefined();
  const result = await validate(structuredClone(doc));
  expect(result.valid ? '' : compileErrors(result)).toBe('');
});

test('HEAD on a stream answers at once with the stream headers, no body and no charge', async () => {
  const k = await s.fundedKey(100);
  for (const path of [
    '/v1/stream/kols',
    '/v1/stream/migrations',
    `/v1/stream/wallets?watch=${addr('w', 1)}`,
  ]) {
    const r = await fetch(`${s.url}${path}`, {
      method: 'HEAD',
      headers: { 'x-api-key': k.secret },
      signal: AbortSignal.timeout(5000),
    });
    expect(r.status, path).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    expect(await r.text()).toBe('');
  }
  expect(await s.balance(k.id)).toBe(100);
});
