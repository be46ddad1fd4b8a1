import { describe, expect, it } from 'vitest';
import { decodeSystemInstruction } from './decode-system-instruction.js';

const data = (tag: number, lamports: bigint, extra: number[] = []) => {
  const b = Buffer.alloc(12);
  b.writeUInt32LE(tag);
  b.writeBigUInt64LE(lamports, 4);
  return Uint8Array.from([...b, ...extra]);
};

describe('decodeSystemInstruction', () => {
  it('Transfer (2) goes from account 0 to account 1', () => {
    expect(decodeSystemInstruction({ data: data(2, 800000n), accounts: ['a', 'b'] })).toEqual({
      type: 'transfer',
      from: 'a',
      to: 'b',
      lamports: 800000n,
    });
  });

  it('TransferWithSeed (11) goes from account 0 to account 2', () => {
    expect(
      decodeSystemInstruction({
        data: data(11, 5n, [1, 0, 0, 0, 0, 0, 0, 0, 65]),
        accounts: ['a', 'base', 'c'],
      }),
    ).toEqual({
      type: 'transfer',
      from: 'a',
      to: 'c',
      lamports: 5n,
    });
  });

  it('other instructions are other; short data is null', () => {
    expect(decodeSystemInstruction({ data: data(0, 1n), accounts: ['a', 'b'] })).toEqual({ type: 'other' });
    expect(
      decodeSystemInstruction({ data: Uint8Array.from([2, 0, 0, 0, 1]), accounts: ['a', 'b'] }),
    ).toBeNull();
  });

  it('reads the jsonParsed transfer', () => {
    expect(
      decodeSystemInstruction({
        parsed: { type: 'transfer', info: { source: 'a', destination: 'b', lamports: 400000000 } },
      }),
    ).toEqual({ type: 'transfer', from: 'a', to: 'b', lamports: 400000000n });
    expect(decodeSystemInstruction({ parsed: { type: 'allocate', info: {} } })).toEqual({ type: 'other' });
  });
});
