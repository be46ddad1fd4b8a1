import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/read-fixture.js';
import { toJsonEncoding } from '../testing/to-json-encoding.js';
import { normalizeTransaction } from './normalize-transaction.js';
import type { RpcTransactionNotification } from './rpc-transaction.js';

type Notification = { params: { result: RpcTransactionNotification } };

describe('normalizeTransaction', () => {
  const migration = readFixture<Notification>('pumpfun/migration-raydium-notification.json').params.result;
  const swap = readFixture<Notification[]>('raydium/post-migration-swaps.json')[0]!.params.result;

  it('flattens outer and inner instructions in execution order with their stack heights', () => {
    const out = normalizeTransaction(migration);
    if (!out.ok) throw new Error(out.detail);
    const t = out.value;
    expect(t.signature).toBe(migration.signature);
    expect(t.slot).toBe(305978588);
    expect(t.blockTime).toBeNull();
    expect(t.instructions.filter((i) => i.depth === 1)).toHaveLength(4);
    expect(t.instructions[2]).toMatchObject({
      programId: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      depth: 1,
      outer: 2,
    });
    expect(t.instructions[3]).toMatchObject({
      programId: '11111111111111111111111111111111',
      depth: 2,
      outer: 2,
    });
  });

  it('joins pre and post token balances by account; the migrator receives the LP tokens', () => {
    const out = normalizeTransaction(migration);
    if (!out.ok) throw new Error(out.detail);
    const lp = [...out.value.tokenAccounts.values()].find(
      (a) => a.mint === 'EQRWgCWEwXD2QADZNE9nviKRqDeK3GnibLTnTdq8H2SA',
    );
    expect(lp).toEqual({
      mint: 'EQRWgCWEwXD2QADZNE9nviKRqDeK3GnibLTnTdq8H2SA',
      owner: '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg',
      pre: null,
      post: 4042044507682n,
    });
  });

  it('appends meta.loadedAddresses to json-encoded account keys (v0), matching jsonParsed’s key list', () => {
    const parsed = normalizeTransaction(swap);
    const json = normalizeTransaction(toJsonEncoding(swap));
    if (!parsed.ok || !json.ok) throw new Error('normalize failed');
    expect(json.value.accountKeys).toEqual(parsed.value.accountKeys);
    expect(json.value.accountKeys.slice(-2)).toEqual([
      'SysvarRent111111111111111111111111111111111',
      'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX',
    ]);
  });
});
