import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../events/programs.js';
import { readFixture } from '../../testing/read-fixture.js';
import { decodeProgramInstruction } from './decode-program-instruction.js';

interface CarbonInstruction {
  data: string;
  program_id: string;
  accounts: { pubkey: string }[];
}

function decodeCarbon(path: string) {
  const ix = readFixture<CarbonInstruction>(`carbon/${path}`);
  const data = Buffer.from(ix.data, 'hex');
  const out = decodeProgramInstruction(
    ix.program_id,
    data,
    ix.accounts.map((a) => a.pubkey),
  );
  if (!out.ok) throw new Error(`${out.code}: ${out.detail}`);
  return { ix: out.value, data, fixture: ix };
}

describe('carbon instruction fixtures (F)', () => {
  it('pump.fun buy: amount, max_sol_cost, mint and user, 16 accounts', () => {
    const { ix, data, fixture } = decodeCarbon('pumpfun-decoder/buy_ix.json');
    expect(fixture.program_id).toBe(PROGRAMS.pumpfun);
    expect(data.subarray(0, 8).toString('hex')).toBe('66063d1201daebea');
    expect(ix).toMatchObject({
      program: 'pumpfun',
      name: 'buy',
      fields: { amount: 1690358n, max_sol_cost: 195n },
      accounts: {
        mint: '7uUTzNs4UFgarqY6TyRnW3ZnMFpcsw1iookL8R5KCGwA',
        user: '9zR4L1w4cCvLndDYYiCBUvNfBPeZBAQWL57wQgW97Pau',
      },
    });
    expect(ix.account_list).toHaveLength(16);
    expect(ix.fields).not.toHaveProperty('track_volume');
  });

  it('pump.fun sell: amount, min_sol_output and mint, 14 accounts', () => {
    const { ix } = decodeCarbon('pumpfun-decoder/sell_ix.json');
    expect(ix).toMatchObject({
      program: 'pumpfun',
      name: 'sell',
      fields: { amount: 376599365021n, min_sol_output: 14065038n },
      accounts: { mint: '7gym364csXoyZHvN8tswevxxXcYRZ9hHdP1PaS99XWtf' },
    });
    expect(ix.account_list).toHaveLength(14);
  });

  it('pump.fun create: 133 bytes of name, symbol, uri and creator', () => {
    const { ix, data } = decodeCarbon('pumpfun-decoder/create_ix.json');
    expect(data.length).toBe(133);
    expect(ix).toMatchObject({
      program: 'pumpfun',
      name: 'create',
      fields: {
        name: 'Mystical Cat',
        symbol: 'MC',
        uri: 'https://ipfs.io/ipfs/QmeXR4TB9NZVK279DAVDKevSLzrWSi9papnaknVPJ8AvHe',
        creator: 'CkdtUhQdH2sHXJYTJTNFbF1K5W33WVgVHG7zffaMkEmv',
      },
      accounts: { mint: 'AC69oJv1m7843mdRfoQDneZuyRxYrMq86i2mARMtpump' },
      trailing_bytes: 0,
    });
  });

  it('pump.fun withdraw: discriminator only, signed by the migration wallet', () => {
    const { ix, data } = decodeCarbon('pumpfun-decoder/withdraw_ix.json');
    expect(data.toString('hex')).toBe('b712469c946da122');
    expect(ix).toMatchObject({
      program: 'pumpfun',
      name: 'withdraw',
      fields: {},
      accounts: {
        mint: '8f8inBUeF6GCPQvN2qxu95uZMTjidZfS2RbYBrFSpump',
        user: '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg',
      },
    });
  });

  it('PumpSwap buy with track_volume: 25-byte data, trailing flag 1', () => {
    const { ix, data } = decodeCarbon('pump-swap-decoder/buy_with_track_volume_true.json');
    expect(data.length).toBe(25);
    expect(ix).toMatchObject({
      program: 'pumpswap',
      name: 'buy',
      fields: { base_amount_out: 104079243172n, max_quote_amount_in: 255000000n, track_volume: true },
      accounts: {
        pool: 'A4erfEr1Y2fUKE4wYnZNhGKSXNPUaqaiRYBGWReYMcx5',
        base_mint: '8cQynx5ZaJKwdHsuXmSn3Y16RXta7ZTyTS1hW55Gpump',
      },
    });
  });

  it('PumpSwap buy without track_volume: 24-byte data and no flag', () => {
    const { ix, data } = decodeCarbon('pump-swap-decoder/buy_with_track_volume_false.json');
    expect(data.length).toBe(24);
    expect(ix).toMatchObject({
      program: 'pumpswap',
      name: 'buy',
      fields: { base_amount_out: 778284998307n, max_quote_amount_in: 1852791115n },
    });
    expect(ix.fields).not.toHaveProperty('track_volume');
  });

  it('pump.fun buy and PumpSwap buy share a discriminator and decode by program id', () => {
    const pumpBuy = readFixture<CarbonInstruction>('carbon/pumpfun-decoder/buy_ix.json');
    const swapBuy = readFixture<CarbonInstruction>(
      'carbon/pump-swap-decoder/buy_with_track_volume_false.json',
    );
    expect(pumpBuy.data.slice(0, 16)).toBe(swapBuy.data.slice(0, 16));
    const asSwap = decodeProgramInstruction(PROGRAMS.pumpswap, Buffer.from(pumpBuy.data, 'hex'), []);
    expect(asSwap.ok && asSwap.value.fields).toEqual({
      base_amount_out: 1690358n,
      max_quote_amount_in: 195n,
    });
  });

  it('instruction data too short for its arguments is truncated', () => {
    const ix = readFixture<CarbonInstruction>('carbon/pumpfun-decoder/sell_ix.json');
    const out = decodeProgramInstruction(PROGRAMS.pumpfun, Buffer.from(ix.data, 'hex').subarray(0, 12), []);
    expect(out).toMatchObject({ ok: false, code: 'truncated' });
  });
});
