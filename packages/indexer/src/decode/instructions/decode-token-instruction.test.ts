import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { decodeTokenInstruction } from './decode-token-instruction.js';

const u64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(v);
  return [...b];
};
const key = (n: number) => bs58.encode(new Uint8Array(32).fill(n));
const raw = (data: number[], accounts: string[]) =>
  decodeTokenInstruction({ data: Uint8Array.from(data), accounts });

describe('decodeTokenInstruction', () => {
  it('Transfer (3) and TransferChecked (12) from raw data, with their account orders', () => {
    expect(raw([3, ...u64(1000n)], ['src', 'dst', 'auth'])).toEqual({
      type: 'transfer',
      source: 'src',
      destination: 'dst',
      authority: 'auth',
      mint: null,
      amount: 1000n,
    });
    expect(raw([12, ...u64(5n), 6], ['src', 'mint', 'dst', 'auth'])).toEqual({
      type: 'transfer',
      source: 'src',
      destination: 'dst',
      authority: 'auth',
      mint: 'mint',
      amount: 5n,
    });
  });

  it('SetAuthority (6): mint tokens, freeze account, revoked (None) and other authority types', () => {
    expect(raw([6, 0, 0], ['mint', 'auth'])).toEqual({
      type: 'set_authority',
      target: 'mint',
      authority: 'mint',
      new_authority: null,
    });
    expect(raw([6, 1, 1, ...bs58.decode(key(4))], ['mint', 'auth'])).toMatchObject({
      authority: 'freeze',
      new_authority: key(4),
    });
    expect(raw([6, 2, 0], ['account', 'auth'])).toMatchObject({ authority: 'other' });
  });

  it('InitializeMint (0) and InitializeMint2 (20): mint authority and optional freeze authority', () => {
    const mintAuthority = [...bs58.decode(key(2))];
    expect(raw([20, 6, ...mintAuthority, 0, ...new Array(32).fill(0)], ['mint'])).toEqual({
      type: 'initialize_mint',
      mint: 'mint',
      mint_authority: key(2),
      freeze_authority: null,
    });
    expect(raw([0, 9, ...mintAuthority, 1, ...bs58.decode(key(3))], ['mint', 'rent'])).toMatchObject({
      freeze_authority: key(3),
    });
  });

  it('Burn (8) names the mint; unrelated tags are other; cut data is null', () => {
    expect(raw([8, ...u64(9n)], ['acct', 'mint', 'owner'])).toEqual({
      type: 'burn',
      mint: 'mint',
      amount: 9n,
    });
    expect(raw([9], ['acct', 'dst', 'owner'])).toEqual({ type: 'other' });
    expect(raw([3, 1, 2], ['a', 'b', 'c'])).toBeNull();
    expect(raw([], [])).toBeNull();
  });

  it('reads the jsonParsed forms', () => {
    const parsed = (type: string, info: Record<string, unknown>) =>
      decodeTokenInstruction({ parsed: { type, info } });
    expect(parsed('transfer', { source: 's', destination: 'd', authority: 'a', amount: '77' })).toMatchObject(
      {
        type: 'transfer',
        amount: 77n,
        mint: null,
      },
    );
    expect(
      parsed('transferChecked', {
        source: 's',
        destination: 'd',
        mint: 'm',
        multisigAuthority: 'ms',
        tokenAmount: { amount: '8' },
      }),
    ).toMatchObject({ mint: 'm', authority: 'ms', amount: 8n });
    expect(parsed('setAuthority', { mint: 'm', authorityType: 'mintTokens', newAuthority: null })).toEqual({
      type: 'set_authority',
      target: 'm',
      authority: 'mint',
      new_authority: null,
    });
    expect(parsed('initializeMint2', { mint: 'm', mintAuthority: 'a' })).toMatchObject({
      freeze_authority: null,
    });
    expect(parsed('transfer', { source: 's', destination: 'd', amount: '-1' })).toBeNull();
  });
});
