import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world, { rateLimit: { points: 1_000_000, windowS: 60 } });
  const listing = await call(t, 'GET', '/nowhere');
  routes = listing.json.error.details.paths
    .map((p: string) => {
      const [method, path] = p.split(' ');
      return { method, path };
    })
    .filter((r: { path: string }) => r.path.startsWith('/v1/') && r.path !== '/v1/keys/rotate');
});
afterAll(() => t.close());

const QUERY_NAMES = [
  'limit',
  'offset',
  'hours',
  'days',
  'q',
  'platform',
  'min_mcap',
  'max_rug_pct',
  'sort',
  'depth',
  'min_wallets',
  'min_tokens',
  'window_days',
];

const segment = (w: () => TestWorld) =>
  fc.oneof(
    fc.constant('__mint__').map(() => w().mint),
    fc.constant('__unknown__').map(() => w().unknownMint),
    fc.string({ minLength: 0, maxLength: 60 }),
    fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/),
  );

const queryValue = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('pumpfun', 'letsbonk', 'profit', 'success', 'activity', 'full', 'core', ''),
);

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    filters: fc.dictionary(
      fc.oneof(
        fc.constantFrom('top10_pct', 'holders', 'insiders_pct', 'mcap_at_analysis_usd'),
        fc.string({ maxLength: 12 }),
      ),
      fc.record(
        { min: fc.oneof(fc.double(), fc.string({ maxLength: 4 })), max: fc.double() },
        { requiredKeys: [] },
      ),
      { maxKeys: 8 },
    ),
    window_days: fc.oneof(fc.integer({ min: -10, max: 200 }), fc.double(), fc.string({ maxLength: 3 })),
  }),
  fc.record({
    mints: fc.array(
      segment(() => world),
      { maxLength: 6 },
    ),
  }),
);

test('fuzzed inputs on every route never cause a 5xx, and only a 200 that says it charged moves the balance', async () => {
  const k = await t.fundedKey(1_000_000);
  let expected = 1_000_000;
  await fc.assert(
    fc.asyncProperty(
      fc.nat(),
      fc.array(
        segment(() => world),
        { minLength: 3, maxLength: 3 },
      ),
      fc.dictionary(fc.constantFrom(...QUERY_NAMES), queryValue, { maxKeys: 4 }),
      body,
      fc.boolean(),
      async (pick, segments, query, json, withKey) => {
        const route = routes[pick % routes.length];
        let i = 0;
        const path = route.path.replace(/\{\w+\}/g, () => encodeURIComponent(segments[i++]));
        const qs = new URLSearchParams(query).toString();
        const r = await call(t, route.method, `${path}${qs ? `?${qs}` : ''}`, {
          key: withKey ? k.secret : undefined,
          body: route.method === 'POST' ? json : undefined,
        });
        expect(r.status, `${route.method} ${path}?${qs} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
        expect(r.json?._meta, `${route.method} ${path} has _meta`).toBeDefined();
        if (r.status === 200 && r.json._meta.billing.charged) expected -= r.json._meta.billing.credits;
        else if (r.status !== 200 && r.status !== 201) expect(r.json._meta.billing.charged).toBe(false);
        expect(await t.balance(k.id)).toBe(expected);
      },
    ),
    { numRuns: 400, seed: 20_260_301 },
  );
});
