import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CohortFieldsBody } from '../src/routes/cohort-fields-route.js';
import { CohortBody } from '../src/routes/cohort-route.js';
import { CompareBody } from '../src/routes/compare-route.js';
import { DiscoverBody } from '../src/routes/discover-route.js';
import { FunderNetworksBody } from '../src/routes/funder-networks-route.js';
import { GraphBody } from '../src/routes/graph-route.js';
import { IdentityBody } from '../src/routes/identity-route.js';
import { InspectBody } from '../src/routes/inspect-route.js';
import { KolBody } from '../src/routes/kol-route.js';
import { KolsBody } from '../src/routes/kols-route.js';
import { PriceBody } from '../src/routes/price-route.js';
import { ReportBody } from '../src/routes/report-route.js';
import { SampleBody } from '../src/routes/sample-route.js';
import { ScorecardBody } from '../src/routes/scorecard-route.js';
import { ScreenBody } from '../src/routes/screen-route.js';
import { SearchBody } from '../src/routes/search-route.js';
import { SerialInsidersBody } from '../src/routes/serial-insiders-route.js';
import { WalletNetworkBody } from '../src/routes/wallet-network-route.js';
import { WalletBody } from '../src/routes/wallet-route.js';
import { WalletsBody } from '../src/routes/wallets-route.js';
import { WebBody } from '../src/routes/web-route.js';
import { call } from './support/call.js';
import { makeTestApp, type TestApp } from './support/test-app.js';
import { buildTestWorld, type TestWorld } from './support/test-world.js';

let world: TestWorld;
let t: TestApp;
let key: string;

beforeAll(async () => {
  world = await buildTestWorld();
  t = makeTestApp(world, { rateLimit: { points: 100_000, windowS: 60 } });
  key = (await t.fundedKey(1_000_000)).secret;
});
afterAll(() => t.close());

interface RouteCase {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly method?: 'GET' | 'POST';
  path(w: TestWorld): string;
  body?(w: TestWorld): unknown;
  /** What the answer must say, beyond its schema. */
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked against their schema first
  check?(json: any, w: TestWorld): void;
}

const CASES: RouteCase[] = [
  {
    name: 'screen',
    schema: ScreenBody,
    path: (w) => `/v1/screen/${w.mint}`,
    check: (j, w) => {
      expect(j.mint).toBe(w.mint);
      expect(['extreme', 'critical', 'elevated', 'low']).toContain(j.rug_risk.verdict);
    },
  },
  {
    name: 'screen of a skipped token',
    schema: ScreenBody,
    path: (w) => `/v1/screen/${w.skippedMint}`,
    check: (j) =>
      expect(j.rug_risk).toMatchObject({ verdict: 'unknown', score: null, rug_probability_pct: null }),
  },
  {
    name: 'inspect',
    schema: InspectBody,
    path: (w) => `/v1/inspect/${w.mint}`,
    check: (j, w) => expect(j.mint).toBe(w.mint),
  },
  {
    name: 'identity',
    schema: IdentityBody,
    path: (w) => `/v1/identity/${w.mint}`,
    check: (j) => expect(j.identity.holders_with_history).toBeGreaterThan(0),
  },
  {
    name: 'graph',
    schema: GraphBody,
    path: (w) => `/v1/graph/${w.mint}`,
    check: (j) => expect(j.edges_total).toBeGreaterThanOrEqual(j.edges.length),
  },
  {
    name: 'price',
    schema: PriceBody,
    path: (w) => `/v1/price/${w.mints.at(-1)}`,
    check: (j) => expect(j.path).not.toBeNull(),
  },
  {
    name: 'compare',
    schema: CompareBody,
    method: 'POST',
    path: () => '/v1/compare',
    body: (w) => ({ mints: [w.mints[10], w.mints[11], w.unknownMint] }),
    check: (j, w) => {
      expect(j.not_covered).toEqual([w.unknownMint]);
      expect(j._meta.coverage).toBe('partial');
    },
  },
  {
    name: 'cohort',
    schema: CohortBody,
    method: 'POST',
    path: () => '/v1/cohort',
    body: () => ({ filters: { top10_pct: { min: 30 } } }),
    check: (j) => expect(j.cohort.n).toBeGreaterThan(0),
  },
  { name: 'cohort fields', schema: CohortFieldsBody, path: () => '/v1/cohort/fields' },
  { name: 'scorecard', schema: ScorecardBody, path: () => '/v1/scorecard' },
  {
    name: 'report',
    schema: ReportBody,
    path: (w) => `/v1/report/${w.mint}`,
    check: (j, w) => expect(j.report.screen.mint).toBe(w.mint),
  },
  {
    name: 'sample',
    schema: SampleBody,
    path: () => '/v1/sample',
    check: (j) => {
      expect(j.screen._meta.list_price).toEqual({ usd: '0.001', credits: 2 });
      expect(j.identity._meta.list_price).toEqual({ usd: '0.03', credits: 60 });
      expect(j._meta.billing.charged).toBe(false);
    },
  },
  { name: 'wallet', schema: WalletBody, path: (w) => `/v1/wallet/${w.wallet}` },
  { name: 'wallet network', schema: WalletNetworkBody, path: (w) => `/v1/wallet/${w.wallet}/network` },
  { name: 'web', schema: WebBody, path: (w) => `/v1/web/${w.mint}` },
  { name: 'wallets', schema: WalletsBody, path: (w) => `/v1/wallets/${w.mint}` },
  {
    name: 'kol',
    schema: KolBody,
    path: (w) => `/v1/kol/${w.kolWallet}?days=90`,
    check: (j) => expect(j.kol).not.toBeNull(),
  },
  {
    name: 'kols',
    schema: KolsBody,
    path: () => '/v1/kols?days=90',
    check: (j) => expect(j.kols.length).toBe(3),
  },
  {
    name: 'search',
    schema: SearchBody,
    path: (w) => `/v1/search?q=${w.mint}`,
    check: (j, w) => expect(j.tokens[0].mint).toBe(w.mint),
  },
  {
    name: 'discover',
    schema: DiscoverBody,
    path: () => '/v1/discover?hours=168&max_rug_pct=60',
    check: (j) => expect(j.tokens.length).toBeGreaterThan(0),
  },
  { name: 'funder networks', schema: FunderNetworksBody, path: () => '/v1/funder-networks' },
  { name: 'serial insiders', schema: SerialInsidersBody, path: () => '/v1/serial-insiders?min_tokens=2' },
];

describe.each(CASES)('$name', (rc) => {
  test('answers 200 with a body that matches its OpenAPI schema', async () => {
    const r = await call(t, rc.method ?? 'GET', rc.path(world), { key, body: rc.body?.(world) });
    expect(r.status, r.text.slice(0, 400)).toBe(200);
    const parsed = rc.schema.safeParse(r.json);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    expect(typeof r.json.says === 'string' || r.json.says === undefined).toBe(true);
    rc.check?.(r.json, world);
  });
});

test('report?depth=full is 501 until the live exit check exists, and not charged', async () => {
  const k = await t.fundedKey(500);
  const r = await call(t, 'GET', `/v1/report/${world.mint}?depth=full`, { key: k.secret });
  expect(r.status).toBe(501);
  expect(r.json.error.code).toBe('not_implemented');
  expect(await t.balance(k.id)).toBe(500);
});

test('discover with max_rug_pct keeps only tokens whose measured rug probability is at or under it', async () => {
  const r = await call(t, 'GET', '/v1/discover?hours=168&max_rug_pct=40&limit=100', { key });
  expect(r.json.tokens.length).toBeGreaterThan(0);
  for (const tok of r.json.tokens) expect(tok.rug_risk.rug_probability_pct).toBeLessThanOrEqual(40);
  const all = await call(t, 'GET', '/v1/discover?hours=168&limit=100', { key });
  expect(
    all.json.tokens.some(
      (tok: { rug_risk: { rug_probability_pct: number | null } | null }) =>
        (tok.rug_risk?.rug_probability_pct ?? 0) > 40,
    ),
  ).toBe(true);
});

test('the sample is the same token on every call', async () => {
  const a = await call(t, 'GET', '/v1/sample');
  const b = await call(t, 'GET', '/v1/sample');
  expect(a.json.mint).toBe(b.json.mint);
  expect(a.json.screen.mint).toBe(a.json.mint);
});
