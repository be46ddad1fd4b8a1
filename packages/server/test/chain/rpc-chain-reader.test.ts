import { createRpcClient, decodeTransaction } from '@launchlens/indexer';
import { afterEach, describe, expect, test } from 'vitest';
// The indexer's assembled pump.fun launch (transactions built from the decoder fixtures).
import { MINT as LAUNCH_MINT, launchLedger } from '../../../indexer/test/rpc/launch-ledger.js';
import { createRpcChainReader, pumpCurveAddress } from '../../src/chain/rpc-chain-reader.js';
import { addr } from '../support/addr.js';
import { curveRpcRecords, HOLDER_A, HOLDER_B, MINT } from './curve-rpc-records.js';
import {
  type JsonRpcReplayServer,
  type RecordedCall,
  startJsonRpcReplayServer,
} from './json-rpc-replay-server.js';

let server: JsonRpcReplayServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const readerOn = (s: JsonRpcReplayServer) =>
  createRpcChainReader({
    client: createRpcClient({ url: s.url, maxRetries: 0, ratePerS: 1000 }),
    now: () => 1_000,
  });

describe('the RPC chain reader against a loopback JSON-RPC server', () => {
  test('a live pump.fun curve is decoded from its account: reserves and not complete', async () => {
    server = await startJsonRpcReplayServer(await curveRpcRecords());
    const state = await readerOn(server).tokenState(MINT);
    expect(state).toEqual({
      kind: 'curve',
      mint: MINT,
      at: 1_000,
      platform: 'pumpfun',
      supply_raw: 1e15,
      decimals: 6,
      curve: {
        virtual_sol_lamports: 30_002_485_430,
        virtual_token_raw: 1_072_911_112_000_000,
        real_sol_lamports: 2_485_430,
        complete: false,
      },
    });
  });

  test('a complete curve reads as migrated', async () => {
    server = await startJsonRpcReplayServer(await curveRpcRecords({ curveComplete: true }));
    const state = await readerOn(server).tokenState(MINT);
    expect(state.kind).toBe('migrated');
  });

  test('a mint with no account, or no pump.fun curve, is unknown', async () => {
    server = await startJsonRpcReplayServer(await curveRpcRecords());
    const reader = readerOn(server);
    expect((await reader.tokenState(addr('nothing', 1))).kind).toBe('unknown');
    expect(await reader.curveEvents(addr('nothing', 1))).toBeNull();
  });

  test('holders come from every token account, summed per owner, program-owned accounts excluded', async () => {
    server = await startJsonRpcReplayServer(await curveRpcRecords());
    const live = await readerOn(server).holders(MINT);
    expect(live).toMatchObject({ mint: MINT, supply_raw: 1e15, complete: true });
    expect(new Map(live!.holdings.map((h) => [h.wallet, h.token_raw]))).toEqual(
      new Map([
        [HOLDER_A, 30_000_000_000_000],
        [HOLDER_B, 15_000_000_000_000],
      ]),
    );
    expect(server.calls.getProgramAccounts).toBe(1);
  });

  test('a node that refuses getProgramAccounts falls back to the largest accounts, marked incomplete', async () => {
    const refused: RecordedCall = {
      method: 'getProgramAccounts',
      error: { code: -32010, message: 'excluded from account secondary indexes' },
    };
    server = await startJsonRpcReplayServer([refused, ...(await curveRpcRecords())]);
    const live = await readerOn(server).holders(MINT);
    expect(live!.complete).toBe(false);
    expect(live!.method).toMatch(/20 largest/);
    expect(live!.holdings).toHaveLength(2);
    expect(server.calls.getTokenLargestAccounts).toBe(1);
  });

  test("a curve token's events are read from its curve's signatures, oldest first, decoded by the indexer", async () => {
    const { ledger } = launchLedger();
    const curve = await pumpCurveAddress(LAUNCH_MINT);
    const onCurve = ledger.transactions.filter(
      (t) =>
        decodeTransaction({ ...t.result, slot: t.slot }).events.some(
          (e) => 'mint' in e && e.mint === LAUNCH_MINT,
        ) && !decodeTransaction({ ...t.result, slot: t.slot }).events.some((e) => e.kind === 'migration'),
    );
    server = await startJsonRpcReplayServer([
      {
        method: 'getSignaturesForAddress',
        key: curve,
        result: [...onCurve]
          .reverse()
          .map((t) => ({ signature: t.signature, slot: t.slot, err: null, blockTime: null })),
      },
      ...onCurve.map((t) => ({
        method: 'getTransaction',
        key: t.signature,
        result: { ...t.result, slot: t.slot },
      })),
      ...(await curveRpcRecords({ mint: LAUNCH_MINT })),
    ]);
    const events = await readerOn(server).curveEvents(LAUNCH_MINT);
    expect(events![0].kind).toBe('create');
    const trades = events!.filter((e) => e.kind === 'curve_trade');
    expect(trades.length).toBe(14);
    expect(events!.every((e, i) => i === 0 || e.slot >= events![i - 1].slot)).toBe(true);
    expect(events!.some((e) => e.kind === 'migration')).toBe(false);
  });
});
