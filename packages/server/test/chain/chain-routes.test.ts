import { solUsdPath } from '@launchlens/indexer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPoolQuoteClient } from '../../src/chain/pool-quote-client.js';
import { createSimChainReader, type SimChainReader } from '../../src/chain/sim-chain-reader.js';
import { priceOf } from '../../src/pricing/price-of.js';
import { ChangesBody } from '../../src/routes/changes-route.js';
import { ExitBody } from '../../src/routes/exit-route.js';
import { ReportBody } from '../../src/routes/report-route.js';
import { addr } from '../support/addr.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { makeChainApp, openSimDataset, type SimDataset } from './chain-test-app.js';

let data: SimDataset;
let reader: SimChainReader;
let t: TestApp;
let tokens: { mint: string; analyzed_at: number; created_at: number }[];
const unknownMint = addr('never-created', 7);

beforeAll(async () => {
  data = await openSimDataset();
  reader = createSimChainReader({
    manifest: data.store.manifest,
    knownExchanges: data.exchanges,
    at: data.end,
  });
  await reader.ready();
  t = makeChainApp(data, reader, createPoolQuoteClient(reader));
  tokens = await data.store.all(
    'SELECT mint, epoch_ms(analyzed_at) AS analyzed_at, epoch_ms(created_at) AS created_at FROM tokens ORDER BY analyzed_at',
  );
}, 120_000);
afterAll(async () => {
  await t.close();
  await data.close();
});

const first = () => tokens[0];

describe('GET /v1/changes/{mint}', () => {
  test('a token with a baseline is compared with the live holders and charged exactly its price', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/changes/${first().mint}`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const price = priceOf('changes');
    expect(r.json._meta.billing).toMatchObject({ charged: true, credits: price.credits, usd: price.usd });
    expect(await t.balance(k.id)).toBe(1000 - price.credits);
    const c = r.json.changes;
    expect(r.json.ready).toBe(true);
    const [{ n }] = await data.store.all<{ n: number }>(
      'SELECT count(*)::INTEGER AS n FROM holders WHERE mint = $mint AND supply_pct > 0',
      { mint: first().mint },
    );
    expect(c.baseline_holders).toBe(n);
    expect(c.holders_complete).toBe(true);
    // Every launch holder is in exactly one of left, reduced, grew or unchanged.
    expect(c.left.count + c.reduced.count + c.grew.count).toBeLessThanOrEqual(n);
    expect(c.left.count).toBeGreaterThan(0);
    expect(c.left.wallets.every((w: { supply_pct_now: number }) => w.supply_pct_now === 0)).toBe(true);
    expect(r.json.says).toMatch(/launch holders left/);
    expect(ChangesBody.safeParse(r.json).error).toBeUndefined();
  });

  test('live holders at the analysis moment show no change', async () => {
    const token = tokens[10];
    const atAnalysis = createSimChainReader({
      manifest: data.store.manifest,
      knownExchanges: data.exchanges,
      at: token.analyzed_at,
    });
    const app = makeChainApp(data, atAnalysis, createPoolQuoteClient(atAnalysis), token.analyzed_at);
    const k = await app.fundedKey(1000);
    const r = await call(app, 'GET', `/v1/changes/${token.mint}`, { key: k.secret });
    expect(r.json.changes).toMatchObject({
      left: { count: 0 },
      reduced: { count: 0 },
      grew: { count: 0 },
      new_holders: { count: 0 },
    });
    expect(r.json.changes.baseline_supply_pct_now).toBeCloseTo(r.json.changes.baseline_supply_pct, 3);
    await app.close();
  });

  test('a mint with no baseline is ready: false, coverage none and free', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/changes/${unknownMint}`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ mint: unknownMint, ready: false, changes: null });
    expect(r.json._meta.coverage).toBe('none');
    expect(r.json._meta.billing.charged).toBe(false);
    expect(await t.balance(k.id)).toBe(1000);
  });

  test('an invalid mint is 400 and free; no key is the 402 challenge', async () => {
    const k = await t.fundedKey(1000);
    expect((await call(t, 'GET', '/v1/changes/not-a-mint', { key: k.secret })).status).toBe(400);
    expect(await t.balance(k.id)).toBe(1000);
    const r = await call(t, 'GET', `/v1/changes/${first().mint}`);
    expect(r.status).toBe(402);
    expect(r.json.price.amount).toBe(priceOf('changes').usd);
  });
});

describe('GET /v1/exit/{mint}', () => {
  test('a migrated token gets a two-rung ladder sized at the world SOL price, charged exactly its price', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/exit/${first().mint}`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.json.checked_at_sol_usd).toBeCloseTo(solUsdPath(data.store.manifest.seed!)(data.end), 2);
    const { exit } = r.json;
    expect(exit.ladder.map((x: { size_usd: number }) => x.size_usd)).toEqual([100, 1000]);
    expect(exit.ladder[0].buy_route).toEqual([expect.stringMatching(/pumpswap|raydium_cpmm/)]);
    expect(exit.ladder[0].retained_pct).toBeGreaterThanOrEqual(exit.ladder[1].retained_pct);
    expect(exit.worst_retained_pct).toBe(exit.ladder[1].retained_pct);
    expect(['clear', 'elevated', 'thin', 'trapped']).toContain(exit.verdict);
    expect(r.json.method).toMatch(/nothing is signed/);
    expect(ExitBody.safeParse(r.json).error).toBeUndefined();
    expect(await t.balance(k.id)).toBe(1000 - priceOf('exit').credits);
  });

  test('a mint with no market is coverage none and free; invalid input is 400 and free', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/exit/${unknownMint}`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json._meta.coverage).toBe('none');
    expect((await call(t, 'GET', '/v1/exit/0OIl', { key: k.secret })).status).toBe(400);
    expect(await t.balance(k.id)).toBe(1000);
  });
});

describe('GET /v1/report/{mint}?depth=full', () => {
  test('adds the price path, the live exit and the graph, charged 0.07 USD', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/report/${first().mint}?depth=full`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json.depth).toBe('full');
    expect(Object.keys(r.json.report).sort()).toEqual([
      'exit',
      'graph',
      'identity',
      'inspect',
      'price',
      'screen',
    ]);
    expect(r.json.report.exit.exit.ladder).toHaveLength(2);
    expect(ReportBody.safeParse(r.json).error).toBeUndefined();
    expect(r.json._meta.billing).toMatchObject({
      charged: true,
      usd: '0.07',
      credits: priceOf('report_full').credits,
    });
    expect(await t.balance(k.id)).toBe(1000 - priceOf('report_full').credits);
  });

  test('an unknown mint is coverage none and free', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/report/${unknownMint}?depth=full`, { key: k.secret });
    expect(r.json._meta.coverage).toBe('none');
    expect(await t.balance(k.id)).toBe(1000);
  });
});

describe('POST /v1/analyze/{mint}', () => {
  const poll = async (app: TestApp, path: string) => {
    for (let i = 0; i < 500; i++) {
      const r = await call(app, 'GET', path);
      if (r.json.status === 'complete' || r.json.status === 'failed') return r;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the analysis never finished');
  };

  test('a migrated token is refused with 409 already_migrated and never charged', async () => {
    const k = await t.fundedKey(20_000);
    const r = await call(t, 'POST', `/v1/analyze/${first().mint}`, { key: k.secret, body: {} });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('already_migrated');
    expect(await t.balance(k.id)).toBe(20_000);
    expect((await call(t, 'POST', `/v1/analyze/${first().mint}`, { body: {} })).status).toBe(409);
  });

  test('a curve token is paid first, queued, then complete with a screen record', async () => {
    const token = tokens.at(-1)!;
    const at = Math.floor((token.created_at + token.analyzed_at) / 2);
    const midCurve = createSimChainReader({
      manifest: data.store.manifest,
      knownExchanges: data.exchanges,
      at,
    });
    const app = makeChainApp(data, midCurve, createPoolQuoteClient(midCurve), at);
    const short = await app.fundedKey(priceOf('analyze').credits - 1);
    const refused = await call(app, 'POST', `/v1/analyze/${token.mint}`, { key: short.secret, body: {} });
    expect(refused.status).toBe(402);
    expect(await app.balance(short.id)).toBe(priceOf('analyze').credits - 1);

    const k = await app.fundedKey(20_000);
    const r = await call(app, 'POST', `/v1/analyze/${token.mint}`, { key: k.secret, body: {} });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: 'queued', mint: token.mint });
    expect(r.json._meta.billing).toMatchObject({
      charged: true,
      usd: priceOf('analyze').usd,
      credits: 10_000,
    });
    expect(await app.balance(k.id)).toBe(10_000);
    const done = await poll(app, `/v1/analyze/${r.json.analysis_id}`);
    expect(done.json.status).toBe('complete');
    expect(done.json._meta.billing.charged).toBe(false);
    expect(done.json.screen.mint).toBe(token.mint);
    expect(done.json.screen.facts.holders).toBeGreaterThan(0);
    expect(Date.parse(done.json.screen.analyzed_at)).toBeLessThanOrEqual(at);
    expect(done.json.says).toBe(done.json.screen.says);
    expect(await app.balance(k.id)).toBe(10_000);
    await app.close();
  });

  test('a mint with no curve is coverage none and free; a bad or unknown analysis id is 400 / 404', async () => {
    const k = await t.fundedKey(20_000);
    const r = await call(t, 'POST', `/v1/analyze/${unknownMint}`, { key: k.secret, body: {} });
    expect(r.status).toBe(200);
    expect(r.json._meta.coverage).toBe('none');
    expect(await t.balance(k.id)).toBe(20_000);
    expect((await call(t, 'GET', '/v1/analyze/nope')).status).toBe(400);
    expect((await call(t, 'GET', '/v1/analyze/6f1c1f43-7c59-4a7e-9d44-6b7e8cbbb0a1')).status).toBe(404);
  });
});

test('the OpenAPI document describes the live routes and their 503', async () => {
  const doc = (await call(t, 'GET', '/openapi.json')).json;
  expect(doc.paths['/v1/changes/{mint}'].get.responses).toHaveProperty('503');
  expect(doc.paths['/v1/exit/{mint}'].get.responses).toHaveProperty('200');
  expect(doc.paths['/v1/analyze/{mint}'].post.responses).toHaveProperty('409');
  expect(doc.paths['/v1/analyze/{analysis_id}'].get.responses).toHaveProperty('404');
});

test('/.well-known/x402 lists the live routes and report?depth=full once a chain reader is wired', async () => {
  const { resources } = (await call(t, 'GET', '/.well-known/x402')).json;
  const listed = resources.map(
    (r: { path: string; query?: string }) => `${r.path}${r.query ? `?${r.query}` : ''}`,
  );
  expect(listed).toEqual(
    expect.arrayContaining([
      '/v1/changes/{mint}',
      '/v1/exit/{mint}',
      '/v1/analyze/{mint}',
      '/v1/report/{mint}?depth=full',
    ]),
  );
});
