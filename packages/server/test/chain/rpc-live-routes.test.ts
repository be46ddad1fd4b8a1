import { createRpcClient, decodeTransaction } from '@launchlens/indexer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// The indexer's assembled pump.fun launch (transactions built from the decoder fixtures).
import { MINT as LAUNCH_MINT, launchLedger } from '../../../indexer/test/rpc/launch-ledger.js';
import { createHttpQuoteClient } from '../../src/chain/http-quote-client.js';
import { createRpcChainReader, pumpCurveAddress } from '../../src/chain/rpc-chain-reader.js';
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
  // The launch's transactions before its migration, served for its real curve address.
  const onCurve = launchLedger().ledger.transactions.filter((tx) => {
    const events = decodeTransaction({ ...tx.result, slot: tx.slot }).events;
    return (
      events.some((e) => 'mint' in e && e.mint === LAUNCH_MINT) && !events.some((e) => e.kind === 'migration')
    );
  });
  rpc = await startJsonRpcReplayServer([
    {
      method: 'getSignaturesForAddress',
      key: await pumpCurveAddress(LAUNCH_MINT),
      result: [...onCurve]
        .reverse()
        .map((tx) => ({ signature: tx.signature, slot: tx.slot, err: null, blockTime: null })),
    },
    ...onCurve.map((tx) => ({
      method: 'getTransaction',
      key: tx.signature,
      result: { ...tx.result, slot: tx.slot },
    })),
    // Block positions (getBlock, signatures only) of the slots holding its transactions.
    ...[...new Set(onCurve.map((tx) => tx.slot))].map((slot) => {
      const inSlot = onCurve.filter((tx) => tx.slot === slot);
      const width = Math.max(...inSlot.map((tx) => tx.txIndex)) + 1;
      const signatures = Array.from(
        { length: width },
        (_, i) => inSlot.find((tx) => tx.txIndex === i)?.signature ?? `other-${slot}-${i}`,
      );
      return { method: 'getBlock', key: slot, result: { signatures } };
    }),
    ...(await curveRpcRecords({ mint: LAUNCH_MINT })).slice(0, 2),
    ...(await curveRpcRecords()),
  ]);
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

  test('analyze of an RPC curve token is paid, then built from its decoded transactions', async () => {
    const k = await t.fundedKey(20_000);
    const r = await call(t, 'POST', `/v1/analyze/${LAUNCH_MINT}`, { key: k.secret, body: {} });
    expect(r.status).toBe(202);
    expect(await t.balance(k.id)).toBe(20_000 - priceOf('analyze').credits);
    let done = await call(t, 'GET', `/v1/analyze/${r.json.analysis_id}`);
    for (let i = 0; i < 500 && (done.json.status === 'queued' || done.json.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = await call(t, 'GET', `/v1/analyze/${r.json.analysis_id}`);
    }
    expect(done.json.error).toBeNull();
    expect(done.json.status).toBe('complete');
    expect(done.json.screen).toMatchObject({ mint: LAUNCH_MINT, platform: 'pumpfun' });
    // The assembled launch: 12 wallets still holding, snipers right after the create, a creator sell.
    expect(done.json.screen.facts).toMatchObject({ holders: 12, dev_sold: true });
    // The two wallets right after the create in its slot are a bundle, told apart by block position.
    expect(done.json.screen.facts.bundle_n).toBeGreaterThan(0);
    expect(done.json.screen.facts.snipers_n).toBeGreaterThan(0);
  });
});
