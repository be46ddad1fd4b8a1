import { describe, expect, it } from 'vitest';
import { PROGRAMS, WSOL_MINT } from '../../events/programs.js';
import { readFixture } from '../../testing/read-fixture.js';
import { decodeBase64 } from '../encoding/decode-base64.js';
import type { DecodedEvent } from '../layout/anchor-programs.js';
import { decodeProgramEvent } from './decode-program-event.js';

interface PumpSamples {
  samples: { sig: string; slot: number; logs: string[] }[];
}
interface LaunchLabFixture {
  stonkfun: {
    sig: string;
    mint: string;
    logs: string[];
    tx: { transaction: { message: { accountKeys: string[] } } };
  }[];
  other: LaunchLabFixture['stonkfun'];
}

const dataLines = (logs: readonly string[]) =>
  logs.filter((l) => l.startsWith('Program data: ')).map((l) => decodeBase64(l.slice(14))!);

function decodeAll(programId: string, logs: readonly string[]): { event: DecodedEvent; bytes: number }[] {
  return dataLines(logs).map((bytes) => {
    const out = decodeProgramEvent(programId, bytes);
    if (!out.ok) throw new Error(`${out.code}: ${out.detail}`);
    return { event: out.value, bytes: bytes.length };
  });
}

function only<N extends DecodedEvent['name'], P extends DecodedEvent['program']>(
  list: { event: DecodedEvent; bytes: number }[],
  program: P,
  name: N,
) {
  const found = list.filter((e) => e.event.program === program && e.event.name === name);
  expect(found).toHaveLength(1);
  const { event, bytes } = found[0]!;
  return {
    fields: event.fields as NonNullable<Extract<DecodedEvent, { program: P; name: N }>['fields']>,
    bytes,
  };
}

const pump = readFixture<PumpSamples>('pumpfun/create-buy-logs.json').samples;

describe('pump.fun events (fixture A)', () => {
  const s0 = decodeAll(PROGRAMS.pumpfun, pump[0]!.logs);
  const s1 = decodeAll(PROGRAMS.pumpfun, pump[1]!.logs);
  const s2 = decodeAll(PROGRAMS.pumpfun, pump[2]!.logs);

  it('s0 CreateEvent (369 bytes) decodes field by field', () => {
    const { fields, bytes } = only(s0, 'pumpfun', 'CreateEvent');
    expect(bytes).toBe(369);
    expect(fields).toMatchObject({
      name: 'Fold Launchpad',
      symbol: 'FOLD',
      mint: 'dgdM1rsLNgSZdnepyWAQVCCqq6oBDbu8fJ9941Qpump',
      bonding_curve: 'ExB9rmRVLSgLrXu5nTQz9dGstmUYLbf7hki2GTBEXS8c',
      user: '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb',
      creator: '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb',
      timestamp: 1790972535n,
      virtual_token_reserves: 1073000000000000n,
      virtual_sol_reserves: 30000000000n,
      token_program: PROGRAMS.token2022,
      is_mayhem_mode: false,
    });
  });

  it('s0 TradeEvent decodes field by field, ix_name included', () => {
    const { fields } = only(s0, 'pumpfun', 'TradeEvent');
    expect(fields).toMatchObject({
      mint: 'dgdM1rsLNgSZdnepyWAQVCCqq6oBDbu8fJ9941Qpump',
      sol_amount: 569800570n,
      token_amount: 20000000000000n,
      is_buy: true,
      user: '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb',
      timestamp: 1790972535n,
      virtual_sol_reserves: 30569800570n,
      virtual_token_reserves: 1053000000000000n,
      fee_recipient: '7VtfL8fvgNfhz17qKRMjzQEXgbdpnHHHQRh54R9jP2RJ',
      fee_basis_points: 95n,
      fee: 5413106n,
      creator_fee_basis_points: 30n,
      creator_fee: 1709402n,
      ix_name: 'buy',
    });
  });

  it('s1 (Mayhem mode) CreateEvent and TradeEvent', () => {
    expect(only(s1, 'pumpfun', 'CreateEvent').fields).toMatchObject({
      name: 'will',
      symbol: 'run',
      mint: 'BdngzHJYEXwsoUirnfH7AmsAx7FtEdxuc8Jmhabupump',
      user: 'DY8tHP1UFzy51UEfYKpyQwBEzzG9EFbTXR85qhCT29F',
      is_mayhem_mode: true,
    });
    expect(only(s1, 'pumpfun', 'TradeEvent').fields).toMatchObject({
      sol_amount: 247518046n,
      token_amount: 8780451425543n,
      is_buy: true,
      virtual_token_reserves: 1064219548574457n,
      fee_recipient: 'Fh9HmeLNUMVCvejxCtCL2DbYaRyBFVJ5xrWkLnMH6fdk',
    });
  });

  it('s2 CreateEvent, the ExtendAccountEvent and the 397-byte buy_exact_quote_in TradeEvent', () => {
    expect(only(s2, 'pumpfun', 'CreateEvent').fields).toMatchObject({
      name: 'tame',
      symbol: 'tame',
      mint: 'FUpFWS1WjoYX24JihhU3pmHwW1Na6BmFjWGdF5xzpump',
      bonding_curve: 'BdcuB1aArq5DP5PiVkN1TPk99T9KBQGAi1XMTQVVCAe2',
      user: 'DvoraJMjsKN8QfTEXRtFPAgMjnkCNJ2NCVPabNGk66s8',
      timestamp: 1790972537n,
    });
    expect(only(s2, 'pumpfun', 'ExtendAccountEvent').fields).toEqual({
      account: 'BdcuB1aArq5DP5PiVkN1TPk99T9KBQGAi1XMTQVVCAe2',
      user: 'DvoraJMjsKN8QfTEXRtFPAgMjnkCNJ2NCVPabNGk66s8',
      current_size: 141n,
      new_size: 151n,
      timestamp: expect.any(BigInt),
    });
    const trade = only(s2, 'pumpfun', 'TradeEvent');
    expect(trade.bytes).toBe(397);
    expect(trade.fields).toMatchObject({
      sol_amount: 1975308641n,
      token_amount: 66285714223523n,
      is_buy: true,
      ix_name: 'buy_exact_quote_in',
      fee_recipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
    });
  });

  it('every sample keeps the curve invariant: vsol = 30e9 + sol_amount, vtok = 1.073e15 − token_amount', () => {
    for (const sample of [s0, s1, s2]) {
      const t = only(sample, 'pumpfun', 'TradeEvent').fields;
      expect(t.virtual_sol_reserves).toBe(30_000_000_000n + t.sol_amount);
      expect(t.virtual_token_reserves).toBe(1_073_000_000_000_000n - t.token_amount);
    }
  });

  it('CreateEvent mint equals TradeEvent mint and ends in pump', () => {
    for (const sample of [s0, s1, s2]) {
      const mint = only(sample, 'pumpfun', 'CreateEvent').fields.mint;
      expect(only(sample, 'pumpfun', 'TradeEvent').fields.mint).toBe(mint);
      expect(mint.endsWith('pump')).toBe(true);
    }
  });

  it('newer trailing bytes past the known layout are tolerated and counted', () => {
    const trade = decodeAll(PROGRAMS.pumpfun, pump[0]!.logs).find((e) => e.event.name === 'TradeEvent')!;
    expect(trade.event.trailing_bytes).toBeGreaterThan(0);
  });
});

const launchlab = readFixture<LaunchLabFixture>('launchlab/creations.json');

describe('LaunchLab events (fixture B)', () => {
  const s0 = decodeAll(PROGRAMS.launchlab, launchlab.stonkfun[0]!.logs);
  const s1 = decodeAll(PROGRAMS.launchlab, launchlab.stonkfun[1]!.logs);
  const o0 = decodeAll(PROGRAMS.launchlab, launchlab.other[0]!.logs);

  it('stonkfun[0] PoolCreateEvent decodes with its constant curve and one trailing enum byte', () => {
    const { fields } = only(s0, 'launchlab', 'PoolCreateEvent');
    expect(fields).toEqual({
      pool_state: '6h8noLfdhQiBFvLDr9X36w2997ikxv3NoqR4LCH2xcES',
      creator: 'twamXGa9GVEnhEurqZD9w8g6zdSa8sVRBxR8s8DR9hj',
      config: 'BAaaPFw56GwxoFUEUPvNWmWpeTNATC2dxorbmigfDnhX',
      base_mint_param: { decimals: 6, name: 'watercoin', symbol: 'WATER', uri: expect.any(String) },
      curve_param: {
        variant: 'Constant',
        supply: 1_000_000_000_000_000n,
        total_base_sell: 793100000000000n,
        total_quote_fund_raising: 8392452477n,
        migrate_type: 1,
      },
      vesting_param: { total_locked_amount: 0n, cliff_period: 0n, unlock_period: 0n },
      amm_fee_on: { variant: 'QuoteToken' },
    });
    expect(fields.creator).toBe(launchlab.stonkfun[0]!.tx.transaction.message.accountKeys[0]);
  });

  it('stonkfun[0] TradeEvent body is 139 bytes and real_quote_after = amount_in − fees', () => {
    const { fields, bytes } = only(s0, 'launchlab', 'TradeEvent');
    expect(bytes - 8).toBe(139);
    expect(fields).toMatchObject({
      pool_state: '6h8noLfdhQiBFvLDr9X36w2997ikxv3NoqR4LCH2xcES',
      amount_in: 366768533n,
      amount_out: 116906246435687n,
      protocol_fee: 916922n,
      platform_fee: 3667685n,
      real_quote_after: 362183926n,
      trade_direction: { variant: 'Buy' },
      exact_in: true,
    });
    expect(fields.real_quote_after).toBe(
      fields.amount_in - fields.protocol_fee - fields.platform_fee - fields.creator_fee - fields.share_fee,
    );
  });

  it('stonkfun[1] pool, creator, name and trade amounts', () => {
    expect(only(s1, 'launchlab', 'PoolCreateEvent').fields).toMatchObject({
      pool_state: 'H6ebfUPyBzNdkUnomJrCFXMcaf6PLAhZvbSK5RKtgKvR',
      creator: '821JhhqD2fA7mEvMpiHUuqmHhGFiuFRKPsCCdEnoVpDo',
      base_mint_param: { name: 'claudia', symbol: 'CLAUDIA' },
    });
    expect(only(s1, 'launchlab', 'TradeEvent').fields).toMatchObject({
      amount_in: 275006510n,
      amount_out: 90113754063752n,
    });
  });

  it('other[0] is another launchpad config with its own fundraising target', () => {
    expect(only(o0, 'launchlab', 'PoolCreateEvent').fields).toMatchObject({
      pool_state: 'HYPb8i5VsB5rrW1wzxeEcQht1Py79oBYYHoaTWBUGd1n',
      creator: '5MQVFFvu7rwqzuaz1cR3KDBNSCtbvKku8FuRb2HWn3GS',
      config: '4SctAqd49Ym7BFMSFJt5rgDyGT4MdrmhvWjgc4iriCLd',
      base_mint_param: { name: 'Black Cat', symbol: 'CAT' },
      curve_param: { total_quote_fund_raising: 9448141n },
    });
    expect(only(o0, 'launchlab', 'TradeEvent').fields).toMatchObject({
      amount_in: 108098n,
      amount_out: 33282558972030n,
      protocol_fee: 271n,
      platform_fee: 1081n,
    });
  });

  it('pool_state, creator and config of every creation appear in its account keys', () => {
    for (const sample of [...launchlab.stonkfun, ...launchlab.other]) {
      const created = only(decodeAll(PROGRAMS.launchlab, sample.logs), 'launchlab', 'PoolCreateEvent').fields;
      const keys = sample.tx.transaction.message.accountKeys;
      expect(keys).toContain(created.pool_state);
      expect(keys).toContain(created.creator);
      expect(keys).toContain(created.config);
    }
  });

  it('the shared TradeEvent discriminator decodes by program id: pump bytes under LaunchLab are not a pump trade', () => {
    const pumpTrade = dataLines(pump[0]!.logs)[1]!;
    const asPump = decodeProgramEvent(PROGRAMS.pumpfun, pumpTrade);
    const asLaunchLab = decodeProgramEvent(PROGRAMS.launchlab, pumpTrade);
    expect(asPump.ok && asPump.value.program).toBe('pumpfun');
    // Read with LaunchLab's layout, the pump body puts a byte past the last TradeDirection variant.
    expect(asLaunchLab).toMatchObject({ ok: false, code: 'invalid_value' });
  });
});

describe('pumpswap-events.json (fixture E)', () => {
  const fixture = readFixture<Record<string, { log: string }>>('pumpfun/pumpswap-events.json');
  const bytesOf = (k: string) => decodeBase64(fixture[k]!.log.slice(14))!;

  it('CompletePumpAmmMigrationEvent: 192-byte body, then 32 zero bytes read as the quote mint', () => {
    const bytes = bytesOf('completePumpAmmMigrationEvent');
    expect(bytes.length - 8).toBe(192);
    const out = decodeProgramEvent(PROGRAMS.pumpfun, bytes);
    if (!out.ok || out.value.name !== 'CompletePumpAmmMigrationEvent') throw new Error('not decoded');
    expect(out.value.fields).toEqual({
      user: '9C4nRvhhVquCKATjDCx5FKvNS9PNgNqgyWy9AcoDjYv5',
      mint: 'Gu2bpydt5bHVHtko5vvsWH5KQUT3Wxvt6hzYvKdND6ur',
      mint_amount: 206900000000000n,
      sol_amount: 84990359301n,
      pool_migration_fee: 15000001n,
      bonding_curve: '4QAA7r2scMU7GynKpo34U2XDKtgJ8r8rJEaBRFVFzaia',
      timestamp: 1790784420n,
      pool: 'Vptu7kbcUHWNHKSCw1Qn1MhgP9fqKmQnTAzTqETCAs5',
      quote_mint: PROGRAMS.system,
    });
    expect([...bytes.subarray(bytes.length - 32)].every((b) => b === 0)).toBe(true);
    expect(out.value.trailing_bytes).toBe(0);
  });

  it('CreatePoolEvent decodes field by field; its one trailing byte (1) is the newer is_mayhem_mode flag', () => {
    const bytes = bytesOf('pumpSwapCreatePoolEvent');
    const out = decodeProgramEvent(PROGRAMS.pumpswap, bytes);
    if (!out.ok || out.value.name !== 'CreatePoolEvent') throw new Error('not decoded');
    expect(out.value.fields).toEqual({
      timestamp: 1785435005n,
      index: 0,
      creator: '8VfDPwxqLSVdY7vdh4xmZxJEc7QjEhbWKKUSitXga7HP',
      base_mint: 'GPAVdWsSJhoJhE7ZbcWc4ffNHAbBZRP58jujb1empump',
      quote_mint: WSOL_MINT,
      base_mint_decimals: 6,
      quote_mint_decimals: 9,
      base_amount_in: 206900000000000n,
      quote_amount_in: 100761977n,
      pool_base_amount: 206900000000000n,
      pool_quote_amount: 100761977n,
      minimum_liquidity: 100n,
      initial_liquidity: 144387163699n,
      lp_token_amount_out: 144387163599n,
      pool_bump: 251,
      pool: '8A3DaQpw8CPz4t9zqDyHDwCmkqREkPYgBE6X4eYHKmJE',
      lp_mint: 'HaUZyQTpAacNAGo1xctJwU6fhRFkKeDF5gRqZKnqFMXQ',
      user_base_token_account: 'GHPBEarydQCoSUSsGVruu9cDinTswbiDWRa93tFdMnJA',
      user_quote_token_account: '2UgbMY92KaSr1mMtt37xc9uzy5xA7fpzq3qS4SRNPYxd',
      coin_creator: '2E94st2NZnzA943HBceijgkw75gXTTxch39yquMBfeQk',
      is_mayhem_mode: true,
    });
    expect(bytes[bytes.length - 1]).toBe(1);
    expect(out.value.trailing_bytes).toBe(0);
  });
});

describe('malformed events', () => {
  const trade = dataLines(pump[0]!.logs)[1]!;

  it('an event cut inside its required fields is truncated', () => {
    const out = decodeProgramEvent(PROGRAMS.pumpfun, trade.subarray(0, 60));
    expect(out).toMatchObject({ ok: false, code: 'truncated' });
  });

  it('an event cut inside its newer tail keeps the complete fields', () => {
    const out = decodeProgramEvent(
      PROGRAMS.pumpfun,
      trade.subarray(0, 8 + 32 + 8 + 8 + 1 + 32 + 8 + 8 + 8 + 3),
    );
    if (!out.ok || out.value.program !== 'pumpfun' || out.value.name !== 'TradeEvent') {
      throw new Error('not decoded');
    }
    expect(out.value.fields.virtual_token_reserves).toBe(1053000000000000n);
    expect(out.value.fields.real_sol_reserves).toBeUndefined();
    expect(out.value.trailing_bytes).toBe(3);
  });

  it('an unknown discriminator is named as such', () => {
    const bytes = Uint8Array.from([...new Array(8).fill(0xab), ...trade.subarray(8)]);
    expect(decodeProgramEvent(PROGRAMS.pumpfun, bytes)).toMatchObject({
      ok: false,
      code: 'unknown_discriminator',
    });
  });

  it('another program’s event under pump.fun is a wrong_program', () => {
    const createPool = decodeBase64(
      readFixture<Record<string, { log: string }>>(
        'pumpfun/pumpswap-events.json',
      ).pumpSwapCreatePoolEvent!.log.slice(14),
    )!;
    expect(decodeProgramEvent(PROGRAMS.pumpfun, createPool)).toMatchObject({
      ok: false,
      code: 'wrong_program',
    });
  });

  it('a program without an IDL here is a wrong_program', () => {
    expect(decodeProgramEvent(PROGRAMS.system, trade)).toMatchObject({ ok: false, code: 'wrong_program' });
  });

  it('fewer than 8 bytes cannot carry a discriminator', () => {
    expect(decodeProgramEvent(PROGRAMS.pumpfun, trade.subarray(0, 5))).toMatchObject({
      ok: false,
      code: 'truncated',
    });
  });
});
