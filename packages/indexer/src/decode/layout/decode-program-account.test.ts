import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../events/programs.js';
import { readFixture } from '../../testing/read-fixture.js';
import { decodeProgramAccount } from './decode-program-account.js';

function decodeCarbon(path: string) {
  const account = readFixture<{ data: string; owner: string }>(`carbon/pumpfun-decoder/${path}`);
  const data = Buffer.from(account.data, 'base64');
  const out = decodeProgramAccount(account.owner, data);
  if (!out.ok) throw new Error(`${out.code}: ${out.detail}`);
  return { account: out.value, data };
}

describe('carbon account fixtures (F)', () => {
  it('bonding curve: 150 bytes, reserves, supply, not complete, creator', () => {
    const { account, data } = decodeCarbon('bonding_curve_account.json');
    expect(data.length).toBe(150);
    expect(data.subarray(0, 8).toString('hex')).toBe('17b7f83760d8ac60');
    expect(account).toMatchObject({
      program: 'pumpfun',
      name: 'BondingCurve',
      fields: {
        virtual_token_reserves: 1072911112000000n,
        virtual_quote_reserves: 30002485430n,
        real_token_reserves: 793011112000000n,
        real_quote_reserves: 2485430n,
        token_total_supply: 1_000_000_000_000_000n,
        complete: false,
        creator: 'CkdtUhQdH2sHXJYTJTNFbF1K5W33WVgVHG7zffaMkEmv',
      },
    });
  });

  it('global: 512 bytes of curve parameters, fees and authorities', () => {
    const { account, data } = decodeCarbon('global_account.json');
    expect(data.length).toBe(512);
    expect(account).toMatchObject({
      program: 'pumpfun',
      name: 'Global',
      fields: {
        initialized: true,
        authority: 'FFWtrEQ4B4PKQoVuHYzZq8FabGkVatYzDpEVHsK5rrhF',
        fee_recipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
        initial_virtual_token_reserves: 1073000000000000n,
        initial_virtual_sol_reserves: 30000000000n,
        initial_real_token_reserves: 793100000000000n,
        fee_basis_points: 95n,
        withdraw_authority: '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg',
        enable_migrate: true,
        pool_migration_fee: 15000001n,
        creator_fee_basis_points: 5n,
      },
    });
  });

  it('last withdraw: the timestamp', () => {
    const { account } = decodeCarbon('last_withdraw_account.json');
    expect(account).toMatchObject({
      program: 'pumpfun',
      name: 'LastWithdraw',
      fields: { last_withdraw_timestamp: 1741550682n },
    });
  });

  it('an account of a program we do not read is a wrong_program', () => {
    const data = Buffer.from(
      readFixture<{ data: string }>('carbon/pumpfun-decoder/global_account.json').data,
      'base64',
    );
    expect(decodeProgramAccount(PROGRAMS.splToken, data)).toMatchObject({ ok: false, code: 'wrong_program' });
  });
});
