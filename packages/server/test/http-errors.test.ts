import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBody } from '../src/errors/error-body.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world);
});
afterAll(() => t.close());

describe('errors (DESIGN §5)', () => {
  test('an unknown path is 404 whose body lists the real paths', async () => {
    const r = await call(t, 'GET', '/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(ErrorBody.parse(r.json).error.code).toBe('not_found');
    expect(r.json.error.details.paths).toEqual(
      expect.arrayContaining([
        'GET /v1/coverage',
        'GET /v1/screen/{mint}',
        'POST /v1/cohort',
        'POST /v1/keys',
      ]),
    );
    expect(r.json.error.details.paths).not.toContain('GET /v1/nothing-here');
  });

  test('a wrong method on a real path is 405 with Allow', async () => {
    const r = await call(t, 'DELETE', `/v1/screen/${world.mint}`);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD');
    const p = await call(t, 'GET', '/v1/cohort');
    expect(p.status).toBe(405);
    expect(p.headers.get('allow')).toBe('POST');
    expect(p.json.error.code).toBe('method_not_allowed');
  });

  test('HEAD on a GET route answers like GET without a body', async () => {
    const r = await t.app.request('/v1/plans', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  test('a POST without a JSON content type is 415 even without credentials, and before a dead key', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of variants) {
      const r = await call(t, 'POST', '/v1/cohort', { headers, body: undefined });
      expect(r.status).toBe(415);
      expect(r.json.error.code).toBe('unsupported_media_type');
    }
    const dead = await call(t, 'POST', '/v1/keys/rotate', {
      key: 'll_live_dead',
      headers: { 'content-type': 'text/plain' },
    });
    expect(dead.status).toBe(415);
    const charset = await call(t, 'POST', '/v1/keys', {
      body: '{}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
  });

  test('a body over 16 KiB is 413', async () => {
    const big = JSON.stringify({ filters: {}, pad: 'x'.repeat(16 * 1024) });
    const r = await call(t, 'POST', '/v1/cohort', { body: big });
    expect(r.status).toBe(413);
    expect(r.json.error).toMatchObject({ code: 'payload_too_large', details: { max_bytes: 16384 } });
  });

  test('malformed JSON is 400 invalid_json', async () => {
    const r = await call(t, 'POST', '/v1/keys', {
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_json');
  });

  test('an X-API-Key that is not a live key is 401, on free routes too', async () => {
    for (const path of ['/v1/coverage', `/v1/screen/${world.mint}`, '/v1/credits/balance']) {
      const r = await call(t, 'GET', path, { key: 'll_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(r.status).toBe(401);
      expect(r.json.error.code).toBe('invalid_api_key');
    }
  });

  test('invalid input is 400 and the message names the bound', async () => {
    const key = (await t.fundedKey(100)).secret;
    const r = await call(t, 'POST', '/v1/cohort', { key, body: { filters: {}, window_days: 120 } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_input');
    expect(r.json.error.message).toContain('90');
    const bad = await call(t, 'GET', '/v1/screen/0OIl', { key });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/base58/);
  });

  test('screen, which checks its mint itself, refuses a malformed one as the validated routes do', async () => {
    const key = (await t.fundedKey(100)).secret;
    for (const mint of ['0OIl', '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2h0', `${world.mint}1`]) {
      const screen = await call(t, 'GET', `/v1/screen/${mint}`, { key });
      const inspect = await call(t, 'GET', `/v1/inspect/${mint}`, { key });
      expect(screen.status).toBe(400);
      expect(screen.json.error).toEqual(inspect.json.error);
      expect(screen.json._meta.billing.charged).toBe(false);
    }
  });

  test('every response carries the rate-limit headers and a request id, errors included', async () => {
    const responses = await Promise.all([
      call(t, 'GET', '/v1/coverage'),
      call(t, 'GET', '/nope'),
      call(t, 'POST', '/v1/keys'),
      call(t, 'GET', `/v1/screen/${world.mint}`),
    ]);
    for (const r of responses) {
      expect(r.headers.get('x-ratelimit-limit')).toBe('300');
      expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      expect(r.headers.get('x-request-id')).toBe(r.json._meta.request_id);
    }
  });
});

describe('rate limit', () => {
  test('the 301st request in a minute is 429 with Retry-After; another caller is unaffected', async () => {
    const limited = makeTestApp(world, { rateLimit: { points: 300, windowS: 60 } });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await call(limited, 'GET', '/v1/plans')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const r = await call(limited, 'GET', '/v1/plans');
    expect(r.status).toBe(429);
    expect(r.json.error.code).toBe('rate_limited');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    const key = (await limited.fundedKey(0)).secret;
    expect((await call(limited, 'GET', '/v1/credits/balance', { key })).status).toBe(200);
    await limited.close();
  });
});

describe('JSON media types with parameters (issue 19)', () => {
  test('a POST whose JSON content type carries parameters or a bare `;` is JSON, never a 5xx', async () => {
    const k = await t.fundedKey(100_000);
    for (const type of [
      'application/json;',
      'application/json ;',
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8;foo=bar',
      'application/json;;',
    ]) {
      const r = await call(t, 'POST', '/v1/compare', {
        key: k.secret,
        body: { mints: [world.mint, world.unknownMint] },
        headers: { 'content-type': type },
      });
      expect(r.status, `${type} → ${r.text.slice(0, 120)}`).toBe(200);
      const unpaid = await call(t, 'POST', '/v1/cohort', {
        body: { filters: {} },
        headers: { 'content-type': type },
      });
      expect(unpaid.status, type).toBe(402);
    }
  });
});
