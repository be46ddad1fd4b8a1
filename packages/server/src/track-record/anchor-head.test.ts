import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Localnet, startLocalnet } from '../localnet/start-localnet.js';
import { anchorHead } from './anchor-head.js';
import { MEMO_PROGRAM } from './send-memo.js';
import { openSqlitePredictionLog } from './sqlite-prediction-log.js';

let net: Localnet;
beforeAll(async () => {
  net = await startLocalnet();
});
afterAll(() => net?.close());

describe('anchorHead', () => {
  test('writes the head in a memo signed by the key, once per head and network', async () => {
    const signer = await generateKeyPairSigner();
    await net.chain.fund(signer.address, 0n, 1_000_000_000n);
    const log = openSqlitePredictionLog(':memory:');
    const options = { log, rpcUrl: net.url, signer, network: 'localnet:a', now: () => 0 };
    expect(await anchorHead(options)).toBeNull();
    const [entry] = await log.append([
      {
        mint: 'A',
        published_at: '2026-11-25T10:00:00.000Z',
        analyzed_at: '2026-11-25T09:00:00.000Z',
        model_version: 'm1',
        published_by: 'screen',
        score: null,
        verdict: 'unknown',
        rug_probability_pct: null,
        interval_95: null,
      },
    ]);
    const anchor = await anchorHead(options);
    expect(anchor).toMatchObject({ seq: 1, head_hash: entry.hash, signer: signer.address });
    const landed = net.chain.transaction(anchor!.signature)!.rpc as {
      transaction: { message: { instructions: { programId: string }[] } };
      meta: { logMessages: string[] };
    };
    expect(landed.transaction.message.instructions[0].programId).toBe(MEMO_PROGRAM);
    expect(landed.meta.logMessages.join('\n')).toContain(`launchlens track-record seq=1 head=${entry.hash}`);
    expect(await anchorHead(options)).toBeNull();
    // Another network (a new localnet after a restart) gets the same head again; a new blockhash,
    // as a new chain has, or the same memo would be the same transaction.
    net.chain.svm.expireBlockhash();
    expect(await anchorHead({ ...options, network: 'localnet:b' })).toMatchObject({ seq: 1 });
    expect(await log.anchors()).toHaveLength(2);
    await log.close();
  });
});
