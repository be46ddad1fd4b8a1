import bs58 from 'bs58';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcTransaction } from '../../src/decode/rpc-transaction.js';
import { PROGRAMS } from '../../src/events/programs.js';
import { type RpcFeed, startRpcFeed } from '../../src/rpc/start-rpc-feed.js';
import { readFixture } from '../../src/testing/read-fixture.js';
import { collectingBuilder } from './collecting-builder.js';
import { CREATE_SLOT, fixtureTraffic, launchLedger } from './launch-ledger.js';
import { type ReplayServer, type ReplayTx, startReplayServer } from './replay-server.js';
import { waitFor } from './wait-for.js';

let server: ReplayServer | null = null;
let feed: RpcFeed | null = null;
afterEach(async () => {
  await feed?.stop();
  await server?.close();
  feed = null;
  server = null;
});

/** A copy of a recorded buy whose self-CPI TradeEvent is cut to 20 bytes. */
function truncatedCopy(tx: ReplayTx): ReplayTx {
  const result = structuredClone(tx.result) as RpcTransaction & {
    transaction: { signatures: string[] };
    meta: { innerInstructions: { instructions: { data: string }[] }[]; logMessages: null };
  };
  const signature = bs58.encode(new Uint8Array(64).fill(7));
  result.transaction.signatures[0] = signature;
  const inner = result.meta.innerInstructions[0]!.instructions;
  const event = inner[inner.length - 1]!;
  event.data = bs58.encode(bs58.decode(event.data).subarray(0, 20));
  result.meta.logMessages = null;
  return { signature, slot: CREATE_SLOT + 2, txIndex: 9, result };
}

describe('malformed and foreign input through the RPC source', () => {
  it('is counted and skipped, never a crash, and the launch around it is still built', async () => {
    const { ledger, launchSignatures } = launchLedger();
    const [, , , s1Buy, s2Buy] = launchSignatures;
    const b2Buy = ledger.transactions.find((t) => t.signature === launchSignatures[2])!;
    const corrupt = truncatedCopy(b2Buy);
    server = await startReplayServer({ ...ledger, transactions: [...ledger.transactions, corrupt] });
    const { builder, rows } = collectingBuilder();
    feed = await startRpcFeed(
      {
        rpcUrl: server.rpcUrl,
        wsUrl: server.wsUrl,
        programs: [PROGRAMS.pumpfun, PROGRAMS.raydiumAmmV4],
        client: { ratePerS: 1000, maxRetries: 2, backoff: { baseMs: 1, capMs: 2 } },
        source: { idleFlushMs: 100, holders: 'off' },
      },
      (e) => builder.push(e),
    );
    await feed.caughtUp;
    await server.waitForSubscriptions(2);
    const stats = feed.stats;

    // Log notifications of real pump.fun transactions the node no longer has: getTransaction answers null.
    const samples = readFixture<{ samples: { sig: string; slot: number; logs: string[] }[] }>(
      'pumpfun/create-buy-logs.json',
    ).samples;
    // A trade of a launch this source never saw created, known from its logs alone: not fetched.
    const tradeLine = samples[0]!.logs.filter((l) => l.startsWith('Program data: '))[1]!;
    const fetchesBefore = server.calls.getTransaction ?? 0;
    server.notify(PROGRAMS.pumpfun, {
      signature: 'trade-of-an-older-launch',
      slot: 2,
      logs: [`Program ${PROGRAMS.pumpfun} invoke [1]`, tradeLine, `Program ${PROGRAMS.pumpfun} success`],
    });
    await waitFor('the filtered trade', () => stats.filtered === 1);
    for (const s of samples)
      server.notify(PROGRAMS.pumpfun, { signature: s.sig, slot: s.slot, logs: s.logs });
    // A transaction that failed on chain is not fetched.
    server.notify(PROGRAMS.pumpfun, {
      signature: 'failed-on-chain',
      slot: 1,
      logs: [],
      err: { InstructionError: [0, 'Custom'] },
    });
    await waitFor('missing transactions', () => stats.missingTx === 3);
    expect(stats.failedTx).toBe(1);
    expect(server.calls.getTransaction! - fetchesBefore).toBe(3);

    // Frames that are not notifications.
    server.sendRaw('{not json');
    server.sendRaw(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'logsNotification',
        params: { subscription: 999, result: {} },
      }),
    );
    await waitFor('malformed frames', () => feed!.subscription!.stats.malformed === 2);

    server.fault('getTransaction', { kind: 'result', result: { hello: 'world' } });
    server.play([s1Buy!]);
    await waitFor('a malformed getTransaction result', () => stats.malformedResponses === 1);
    server.fault('getTransaction', { kind: 'garbage_body' }, 3);
    server.play([s2Buy!]);
    await waitFor('a failed fetch', () => stats.fetchErrors === 1);
    expect(feed.client.stats.malformed).toBe(3);

    server.play([corrupt.signature]);
    await waitFor('decode warnings', () => stats.decodeWarnings > 0);
    expect(stats.warningsByCode.truncated).toBe(1);

    // Raydium migrations of launches this source never saw created (fixture C): decoded, counted, not emitted.
    const migrations = fixtureTraffic()
      .slice(0, 3)
      .map((t) => t.signature);
    server.play(migrations);
    await waitFor('untracked migrations', () => stats.untracked >= 3, 5000);

    server.play();
    await waitFor('the launch', () => rows.tokens.length === 1);
    await feed.stop();
    // S1's buy and S2's buy were skipped: S1 only sold, S2 never appears.
    expect(rows.tokens[0]).toMatchObject({ holders: 10, snipers_n: 0 });
    expect(
      rows.holders.some(
        (h) =>
          h.wallet ===
          ledger.transactions.find((t) => t.signature === s2Buy)!.result.transaction.message.accountKeys[0],
      ),
    ).toBe(false);
    expect(stats).toMatchObject({
      launches: 1,
      migrations: 1,
      missingTx: 3,
      failedTx: 1,
      fetchErrors: 1,
      malformedResponses: 1,
    });
    // The final full replay repeats S1's, S2's and the corrupt buy and the three Raydium migrations.
    expect(stats.duplicates).toBe(6);
  });
});
