// The server's zod extension must load before any engine schema is built (zod 4 copies methods per instance).
import '@hono/zod-openapi';
import { createRpcClient } from '@launchlens/indexer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpQuoteClient } from '../../src/chain/http-quote-client.js';
import { createRpcChainReader } from '../../src/chain/rpc-chain-reader.js';
import { priceOf } from '../../src/pricing/price-of.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { makeChainApp, openSimDataset, type SimDataset } from './chain-test-app.js';
import { curveRpcRecords, MINT } from './curve-rpc-records.js';
import { type JsonRpcReplayServer, startJsonRpcReplayServer } from './json-rpc-replay-server.js';
import { type QuoteApiServer, startQuoteApiServer } from './quote-api-server.js';

let data: SimDataset;
let rpc: JsonRpcReplayServer;
let api: QuoteApiServer;
let t: TestApp;

beforeAll(async () => {
  data = await openSimDataset();
  rpc = await startJsonRpcReplayServer(await curveRpcRecords());
  api = await startQuoteApiServer(
    [{ mint: MINT, sol_lamports: 30e9, token_raw: 1.07e15, fee_bps: 125 }],
    170,
  );
  const chain = createRpcChainReader({
    client: createRpcClient({ url: rpc.url, maxRetries: 0, ratePerS: 1000 }),
    now: () => data.end,
  });
  t = makeChainApp(data, chain, createHttpQuoteClient({ baseUrl: api.url }));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rpc.close();
  await api.close();
  await data.close();
});

describe('live routes over the RPC reader and the quote API (loopback servers)', () => {
  test('exit of a curve token is quoted by the aggregator and charged its price', async () => {
    const k = await t.fundedKey(1000);
    const r = await call(t, 'GET', `/v1/exit/${MINT}`, { key: k.secret });
    expect(r.status).toBe(200);
    expect(r.json.checked_at_sol_usd).toBe(170);
    expect(r.json.exit.ladder[0].buy_route).toEqual(['Pump.fun Amm']);
    expect(r.json.method).toMatch(/transfer hooks/);
    expect(await t.balance(k.id)).toBe(1000 - priceOf('exit').credits);
  });

  test('a failing quote API is 503 chain_unavailable and not charged', async () => {
    const k = await t.fundedKey(1000);
    api.failWith(503);
    const r = await call(t, 'GET', `/v1/exit/${MINT}`, { key: k.secret });
    api.failWith(null);
    expect(r.status).toBe(503);
    expect(r.json.error.code).toBe('chain_unavailable');
    expect(await t.balance(k.id)).toBe(1000);
  });

  test('changes of a mint the index never recorded is ready: false and free without reading the chain', async () => {
    const k = await t.fundedKey(1000);
    const before = rpc.calls.getProgramAccounts ?? 0;
    const r = await call(t, 'GET', `/v1/changes/${MINT}`, { key: k.secret });
    expect(r.json).toMatchObject({ ready: false, changes: null });
    expect(rpc.calls.getProgramAccounts ?? 0).toBe(before);
    expect(await t.balance(k.id)).toBe(1000);
  });
});
