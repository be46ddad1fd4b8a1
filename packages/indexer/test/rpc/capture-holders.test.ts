import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureHolders } from '../../src/rpc/capture-holders.js';
import { createRpcClient } from '../../src/rpc/rpc-client.js';
import { launchLedger, MINT, POOL, WALLETS } from './launch-ledger.js';
import { type ReplayServer, startReplayServer } from './replay-server.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer(launchLedger().ledger);
});
afterAll(async () => {
  await server.close();
});

describe('captureHolders against the replay server', () => {
  it('both methods read the same owners and amounts of the launch’s token accounts', async () => {
    const client = createRpcClient({ url: server.rpcUrl, ratePerS: 1000 });
    const largest = await captureHolders(client, MINT, 'largest');
    const all = await captureHolders(client, MINT, 'program_accounts');
    if (largest.kind !== 'captured' || all.kind !== 'captured') throw new Error('not captured');
    expect(largest.supply_raw).toBe(1e15);
    // 13 holder accounts (S1's is empty), the pool vault and the curve's account.
    expect(all.holdings).toHaveLength(15);
    const byOwner = (h: typeof all.holdings) => new Map(h.map((x) => [x.owner, x.amount_raw]));
    expect(byOwner(largest.holdings)).toEqual(byOwner(all.holdings));
    expect(byOwner(all.holdings).get(POOL)).toBe(206_900_000 * 1e6);
    expect(byOwner(all.holdings).get(WALLETS.b3)).toBe(10_000_000 * 1e6);
  });

  it('a mint the node does not know is unavailable, not an error', async () => {
    const client = createRpcClient({ url: server.rpcUrl, ratePerS: 1000 });
    expect(await captureHolders(client, WALLETS.b1)).toEqual({
      kind: 'unavailable',
      mint: WALLETS.b1,
      reason: 'mint account is not a parsed mint',
    });
  });
});
