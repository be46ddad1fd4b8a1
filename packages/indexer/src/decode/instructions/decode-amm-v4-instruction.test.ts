import { describe, expect, it } from 'vitest';
import { PROGRAMS, WSOL_MINT } from '../../events/programs.js';
import { readFixture } from '../../testing/read-fixture.js';
import { decodeBase58 } from '../encoding/decode-base58.js';
import { decodeAmmV4Instruction } from './decode-amm-v4-instruction.js';

type Ix = { programId: string; accounts?: string[]; data?: string };
type Notification = {
  params: { result: { transaction: { transaction: { message: { instructions: Ix[] } } } } };
};

const ammInstruction = (n: Notification) => {
  const ix = n.params.result.transaction.transaction.message.instructions.find(
    (i) => i.programId === PROGRAMS.raydiumAmmV4,
  )!;
  return decodeAmmV4Instruction(decodeBase58(ix.data!)!, ix.accounts!);
};

describe('Raydium AMM v4 instructions (fixtures C and D)', () => {
  const migrations = [
    readFixture<Notification>('pumpfun/migration-raydium-notification.json'),
    ...readFixture<Notification[]>('pumpfun/migrations-raydium.json'),
  ];
  const expected = [
    [
      '6DrWmJAVcCLUTHzgdMoKroZCwdcS8sodLgctiBqvyys6',
      '6Ed5YTw9AoUhr5VcsjZdGHqpdruqgCaZcLv7WU6npump',
      79005359551n,
    ],
    [
      '5smitM3H4yJZHqPyXrrXGyZmWvvoREWgiUxzUPjM8bVU',
      '6TArF7DG91BVuAvSidiT1wMPyvv5WNEkmJY2ovopump',
      79005361670n,
    ],
    [
      'qZuL2mjDggUKqyZgXEcfs589rHf7cud3wJAFzU7YTg8',
      '4P3YDUp2Pwv94MaXdeuY3RHgUZ4p4wToaVwSvaeKpump',
      79005359099n,
    ],
  ] as const;

  it('initialize2: tag 1, nonce 254, open_time 0, pc 206.9e12, the coin amount and accounts 4/7/8/9/16/17', () => {
    migrations.forEach((n, k) => {
      const out = ammInstruction(n);
      const [amm, mint, coin] = expected[k]!;
      expect(out).toMatchObject({
        ok: true,
        value: {
          name: 'initialize2',
          nonce: 254,
          open_time: 0n,
          init_pc_amount: 206900000000000n,
          init_coin_amount: coin,
          amm,
          coin_mint: WSOL_MINT,
          pc_mint: mint,
          user_wallet: '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg',
        },
      });
    });
    expect(ammInstruction(migrations[0]!)).toMatchObject({
      value: {
        lp_mint: 'EQRWgCWEwXD2QADZNE9nviKRqDeK3GnibLTnTdq8H2SA',
        market: 'FnuDjreXEFHwE5cyQnSgENuDQt3kbaAkiKLCQ9TJD8Qu',
      },
    });
  });

  it('SwapBaseIn (tag 9, 18 accounts): amounts, pool, vaults and the user owner', () => {
    const [buy] = readFixture<Notification[]>('raydium/post-migration-swaps.json').map(ammInstruction);
    expect(buy).toMatchObject({
      ok: true,
      value: {
        name: 'swap_base_in',
        amount_a: 194231121n,
        amount_b: 172220709423n,
        amm: 'Dj3cjxPqLh2DKRZLC5NorkmgyJUXe4v55LDtxU1sLcUS',
        coin_vault: 'Fyw95b4Xmhg1wPQWiPYubtAH4hq6SSzoGWRVAvSmXeik',
        pc_vault: '6BKX8xTHjtdJybW1qQtvSmACNa19MpBLn6yYEifn1bss',
        user_owner: 'DxEyMGDat253hpcvTxdJcRLT7VRRetEX8eqPGzgQGWc7',
      },
    });
  });

  it('the 8-account SwapBaseInV2 (tag 16) reads its vaults at 3 and 4', () => {
    const keys = ['t', 'amm', 'auth', 'coin', 'pc', 'src', 'dst', 'owner'];
    const data = Uint8Array.from([16, 5, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0]);
    expect(decodeAmmV4Instruction(data, keys)).toMatchObject({
      ok: true,
      value: {
        name: 'swap_base_in',
        amount_a: 5n,
        amount_b: 7n,
        coin_vault: 'coin',
        pc_vault: 'pc',
        user_owner: 'owner',
      },
    });
  });

  it('short data and an unexpected account count are warnings', () => {
    expect(decodeAmmV4Instruction(Uint8Array.from([9, 1, 2]), [])).toMatchObject({
      ok: false,
      code: 'truncated',
    });
    expect(decodeAmmV4Instruction(new Uint8Array(17).fill(9), ['a', 'b'])).toMatchObject({
      ok: false,
      code: 'missing_account',
    });
    expect(decodeAmmV4Instruction(new Uint8Array(0), [])).toMatchObject({ ok: false, code: 'truncated' });
  });
});
