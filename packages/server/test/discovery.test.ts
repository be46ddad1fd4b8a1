import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { priceOf } from '../src/pricing/price-of.js';
import { PRICE_TABLE } from '../src/pricing/price-table.js';
import { CoverageBody } from '../src/routes/coverage-route.js';
import { PlansBody } from '../src/routes/plans-route.js';
import { X402DiscoveryBody } from '../src/routes/x402-discovery-route.js';
import { call } from './support/call.js';
import { makeTestApp, TEST_FEE_PAYER, TEST_PAY_TO, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world);
});
afterAll(() => t.close());

describe('/openapi.json', () => {
  test('is a valid OpenAPI 3.1.0 document, version 1.1.0, by a real validator', async () => {
    const r = await call(t, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe('3.1.0');
    expect(r.json.info.version).toBe('1.1.0');
    const result = await validate(structuredClone(r.json));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  test('the same validator rejects the document once a schema reference is broken', async () => {
    const doc = structuredClone((await call(t, 'GET', '/openapi.json')).json);
    doc.paths['/v1/coverage'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/Missing',
    };
    expect((await validate(doc)).valid).toBe(false);
  });

  test('describes every real /v1 route, the error codes and both security schemes', async () => {
    const doc = (await call(t, 'GET', '/openapi.json')).json;
    const notFound = await call(t, 'GET', '/nowhere');
    const real: string[] = notFound.json.error.details.paths.filter((p: string) => p.includes(' /v1/'));
    for (const entry of real) {
      const [method, path] = entry.split(' ');
      expect(doc.paths[path]?.[method.toLowerCase()], entry).toBeDefined();
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['ApiKey', 'x402']);
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain(
      'insufficient_credits',
    );
    expect(doc.paths['/v1/screen/{mint}'].get.responses).toHaveProperty('402');
    expect(doc.paths['/v1/screen/{mint}'].get.parameters).toEqual(
      doc.paths['/v1/inspect/{mint}'].get.parameters,
    );
    expect(doc.paths['/v1/screen/{mint}'].get.parameters).toHaveLength(1);
  });
});

describe('discovery documents', () => {
  test('/docs serves the Scalar reference pointing at /openapi.json', async () => {
    const r = await call(t, 'GET', '/docs');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.text).toContain('/openapi.json');
    expect(r.text.toLowerCase()).toContain('scalar');
  });

  test('/docs loads the reference script from this server, not a CDN, so it renders offline', async () => {
    const page = await call(t, 'GET', '/docs');
    expect(page.text).toContain('/docs/scalar.js');
    expect(page.text).not.toMatch(/https?:\/\/cdn\./);
    const script = await call(t, 'GET', '/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.text.length).toBeGreaterThan(100_000);
  });

  test('/.well-known/x402 lists every priced route with price, asset, network and payTo', async () => {
    const r = await call(t, 'GET', '/.well-known/x402');
    const body = X402DiscoveryBody.parse(r.json);
    const served = (await call(t, 'GET', '/nowhere')).json.error.details.paths as string[];
    const priced = PRICE_TABLE.filter(
      (p) => served.includes(`${p.method} ${p.path}`) && p.id !== 'report_full',
    );
    expect(body.resources).toHaveLength(priced.length);
    expect(body.resources.length).toBeGreaterThan(0);
    expect(body.resources.some((x) => x.path === '/v1/analyze/{mint}')).toBe(false);
    expect(body.resources.some((x) => x.query === 'depth=full')).toBe(false);
    expect(body.resources.find((x) => x.path === '/v1/discover')?.per).toBe('page of 25 rows');
    expect(body).toMatchObject({ payTo: TEST_PAY_TO, feePayer: TEST_FEE_PAYER });
    const screen = body.resources.find((x) => x.path === '/v1/screen/{mint}')!;
    expect(screen).toMatchObject({
      amount: '1000',
      price: { amount: '0.001', currency: 'USD' },
      asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      payTo: TEST_PAY_TO,
    });
    const cohort = body.resources.find((x) => x.path === '/v1/cohort')!;
    expect(cohort).toMatchObject({ method: 'POST', amount: '30000', per: 'call' });
  });

  test('/.well-known/api-catalog is an RFC 9727 linkset pointing at the description and docs', async () => {
    const r = await call(t, 'GET', '/.well-known/api-catalog');
    expect(r.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
    const [entry] = r.json.linkset;
    expect(entry['service-desc'][0].href).toBe('http://localhost/openapi.json');
    expect(entry['service-doc'].map((l: { href: string }) => l.href)).toContain('http://localhost/docs');
  });

  test('/llms.txt lists the routes with the prices of the one table', async () => {
    const r = await call(t, 'GET', '/llms.txt');
    expect(r.text.startsWith('# launchlens\n\n> ')).toBe(true);
    expect(r.text).toContain(
      `GET /v1/screen/{mint}](http://localhost/v1/screen/{mint}): Rug-risk screen of one token — 0.001 USD per call`,
    );
    expect(r.text).toContain('POST /v1/cohort');
    expect(r.text).toMatch(/GET \/v1\/coverage.*— free/);
  });

  test('/auth.md explains both ways in with this server’s payTo', async () => {
    const r = await call(t, 'GET', '/auth.md');
    expect(r.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(r.text).toContain('PAYMENT-SIGNATURE');
    expect(r.text).toContain('X-API-Key');
    expect(r.text).toContain(TEST_PAY_TO);
    expect(r.text).toContain('/v1/credits/deposit');
    expect(r.text).toContain('reference');
  });

  test('/v1/plans is the ladder priced by the same table', async () => {
    const body = PlansBody.parse((await call(t, 'GET', '/v1/plans')).json);
    expect(body.plans[0].calls_per_month['GET /v1/screen/{mint}']).toBe(
      body.plans[0].credits_per_month / priceOf('screen').credits,
    );
  });

  test('/v1/credits/deposit gives the deposit address and the package rates', async () => {
    const r = await call(t, 'GET', '/v1/credits/deposit');
    expect(r.status).toBe(200);
    expect(r.json.pay_to).toBe(TEST_PAY_TO);
    expect(r.json.packages.map((p: { credits_at_min: number }) => p.credits_at_min)).toEqual([
      50_000, 260_000, 1_600_000, 8_000_000,
    ]);
    expect(r.json.welcome_bonus).toEqual({ credits: 10_000, min_deposit_usd: 10 });
  });

  test('/v1/coverage describes the dataset and carries the price list', async () => {
    const r = await call(t, 'GET', '/v1/coverage');
    const body = CoverageBody.parse(r.json);
    expect(body.tokens_indexed).toBe(world.mints.length);
    expect(body.history_from).toBe(world.manifest.history_from);
    expect(body.pricing.routes.find((p) => p.path === '/v1/identity/{mint}')?.usd).toBe('0.03');
    expect(body._meta).toMatchObject({
      coverage: 'full',
      staleness_s: 3600,
      billing: { charged: false, method: 'free' },
    });
  });

  test('/metrics counts requests by route template and charges by route', async () => {
    const k = await t.fundedKey(100);
    await call(t, 'GET', `/v1/screen/${world.mint}`, { key: k.secret });
    const r = await call(t, 'GET', '/metrics');
    expect(r.text).toMatch(
      /launchlens_http_requests_total\{method="GET",route="\/v1\/screen\/:mint",status="200"\} \d+/,
    );
    expect(r.text).toMatch(/launchlens_charges_total\{route="screen",method="credits"\} \d+/);
    expect(r.text).toContain('launchlens_http_request_duration_seconds_bucket');
    expect(r.text).not.toContain(k.secret);
  });
});
