import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../events/programs.js';
import { readFixture } from '../testing/read-fixture.js';
import { decodeLogs } from './decode-logs.js';

interface PumpSamples {
  samples: { sig: string; slot: number; logs: string[] }[];
}
interface LaunchLabFixture {
  stonkfun: { sig: string; logs: string[] }[];
  other: { sig: string; logs: string[] }[];
}

const pump = readFixture<PumpSamples>('pumpfun/create-buy-logs.json').samples;
const launchlab = readFixture<LaunchLabFixture>('launchlab/creations.json');
const pumpswap = readFixture<Record<string, { log: string; signature?: string }>>(
  'pumpfun/pumpswap-events.json',
);

/** The fixture's lone `Program data:` line inside the invoke frame its metadata names. */
const framed = (programId: string, instruction: string, line: string) => [
  `Program ${programId} invoke [1]`,
  `Program log: Instruction: ${instruction}`,
  line,
  `Program ${programId} consumed 1000 of 200000 compute units`,
  `Program ${programId} success`,
];

const counts = (codes: readonly { code: string }[]) =>
  codes.reduce<Record<string, number>>((acc, w) => {
    acc[w.code] = (acc[w.code] ?? 0) + 1;
    return acc;
  }, {});

describe('decodeLogs on pump.fun create + buy logs (fixture A)', () => {
  it('s0 yields a pumpfun create and a curve buy with the reserves after it', () => {
    const s = pump[0]!;
    const out = decodeLogs(s.sig, s.logs, { slot: s.slot, at: 1790972535000 });
    expect(out.warnings).toEqual([]);
    expect(out.events).toEqual([
      {
        kind: 'create',
        slot: 452716371,
        tx_index: 0,
        at: 1790972535000,
        signature: s.sig,
        signer: '',
        fee_lamports: 0,
        platform: 'pumpfun',
        mint: 'dgdM1rsLNgSZdnepyWAQVCCqq6oBDbu8fJ9941Qpump',
        creator: '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb',
        name: 'Fold Launchpad',
        symbol: 'FOLD',
        curve: 'ExB9rmRVLSgLrXu5nTQz9dGstmUYLbf7hki2GTBEXS8c',
        token_supply_raw: 1_000_000_000_000_000,
        decimals: 6,
      },
      {
        kind: 'curve_trade',
        slot: 452716371,
        tx_index: 0,
        at: 1790972535000,
        signature: s.sig,
        signer: '',
        fee_lamports: 0,
        mint: 'dgdM1rsLNgSZdnepyWAQVCCqq6oBDbu8fJ9941Qpump',
        wallet: '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb',
        side: 'buy',
        sol_lamports: 569800570,
        token_raw: 20000000000000,
        virtual_sol_lamports: 30569800570,
        virtual_token_raw: 1053000000000000,
      },
    ]);
  });

  it('s1 (Mayhem) and s2 (buy_exact_quote_in) map to create + buy with their amounts', () => {
    const s1 = decodeLogs(pump[1]!.sig, pump[1]!.logs, {
      signer: 'DY8tHP1UFzy51UEfYKpyQwBEzzG9EFbTXR85qhCT29F',
    });
    expect(s1.events.map((e) => e.kind)).toEqual(['create', 'curve_trade']);
    expect(s1.events[0]).toMatchObject({
      mint: 'BdngzHJYEXwsoUirnfH7AmsAx7FtEdxuc8Jmhabupump',
      name: 'will',
    });
    expect(s1.events[1]).toMatchObject({
      sol_lamports: 247518046,
      token_raw: 8780451425543,
      virtual_token_raw: 1064219548574457,
      signer: 'DY8tHP1UFzy51UEfYKpyQwBEzzG9EFbTXR85qhCT29F',
    });
    const s2 = decodeLogs(pump[2]!.sig, pump[2]!.logs);
    expect(s2.events.map((e) => e.kind)).toEqual(['create', 'curve_trade']);
    expect(s2.events[1]).toMatchObject({
      mint: 'FUpFWS1WjoYX24JihhU3pmHwW1Na6BmFjWGdF5xzpump',
      wallet: 'DvoraJMjsKN8QfTEXRtFPAgMjnkCNJ2NCVPabNGk66s8',
      sol_lamports: 1975308641,
      token_raw: 66285714223523,
    });
  });

  it('ExtendAccountEvent stays a record; Program return lines are not events', () => {
    const s2 = decodeLogs(pump[2]!.sig, pump[2]!.logs);
    expect(s2.records.map((r) => (r.kind === 'event' ? r.event.name : r.kind))).toEqual([
      'CreateEvent',
      'ExtendAccountEvent',
      'TradeEvent',
    ]);
    expect(pump[0]!.logs.some((l) => l.startsWith('Program return:'))).toBe(true);
    expect(decodeLogs(pump[0]!.sig, pump[0]!.logs).records).toHaveLength(2);
  });

  it('every curve trade satisfies the pump.fun curve invariant', () => {
    for (const s of pump) {
      for (const e of decodeLogs(s.sig, s.logs).events) {
        if (e.kind !== 'curve_trade') continue;
        expect(e.virtual_sol_lamports).toBe(30_000_000_000 + e.sol_lamports);
        expect(e.virtual_token_raw).toBe(1_073_000_000_000_000 - e.token_raw);
      }
    }
  });
});

describe('decodeLogs on LaunchLab logs (fixture B)', () => {
  it('events decode to records; without the accounts there is no mint, so no ChainEvent', () => {
    for (const s of [...launchlab.stonkfun, ...launchlab.other]) {
      const out = decodeLogs(s.sig, s.logs);
      expect(out.warnings).toEqual([]);
      expect(out.events).toEqual([]);
      expect(out.records.map((r) => r.kind === 'event' && `${r.event.program}.${r.event.name}`)).toEqual([
        'launchlab.PoolCreateEvent',
        'launchlab.TradeEvent',
      ]);
    }
  });
});

describe('decodeLogs on single PumpSwap-era lines (fixture E)', () => {
  it('a CompletePumpAmmMigrationEvent in a pump.fun MigrateV2 frame is a PumpSwap migration', () => {
    const e = pumpswap.completePumpAmmMigrationEvent!;
    const out = decodeLogs(e.signature!, framed(PROGRAMS.pumpfun, 'MigrateV2', e.log), { slot: 1 });
    expect(out.warnings).toEqual([]);
    expect(out.events).toEqual([
      {
        kind: 'migration',
        slot: 1,
        tx_index: 0,
        at: 0,
        signature: e.signature,
        signer: '',
        fee_lamports: 0,
        mint: 'Gu2bpydt5bHVHtko5vvsWH5KQUT3Wxvt6hzYvKdND6ur',
        pool: 'Vptu7kbcUHWNHKSCw1Qn1MhgP9fqKmQnTAzTqETCAs5',
        venue: 'pumpswap',
        sol_lamports: 84990359301,
        token_raw: 206900000000000,
        lp_state: null,
      },
    ]);
  });

  it('a PumpSwap CreatePoolEvent alone is a record (a pool, not a migration)', () => {
    const out = decodeLogs(
      'sig',
      framed(PROGRAMS.pumpswap, 'CreatePool', pumpswap.pumpSwapCreatePoolEvent!.log),
    );
    expect(out.events).toEqual([]);
    expect(out.records).toHaveLength(1);
    expect(out.records[0]).toMatchObject({
      kind: 'event',
      event: { program: 'pumpswap', name: 'CreatePoolEvent' },
    });
  });
});

describe('decodeLogs skips what it cannot read, counted', () => {
  const trade = pump[0]!.logs.filter((l) => l.startsWith('Program data: '))[1]!;

  it('a failed transaction (err set) is skipped whole', () => {
    const out = decodeLogs(pump[0]!.sig, pump[0]!.logs, { err: { InstructionError: [2, { Custom: 6001 }] } });
    expect(out).toEqual({ events: [], records: [], warnings: [], failed: true });
  });

  it('bad base64, a truncated event, an unknown discriminator, another program’s event and an orphan line', () => {
    const unknown = `Program data: ${Buffer.from(new Uint8Array(40).fill(7)).toString('base64')}`;
    const cut = `Program data: ${Buffer.from(Buffer.from(trade.slice(14), 'base64').subarray(0, 50)).toString('base64')}`;
    const logs = [
      `Program ${PROGRAMS.pumpfun} invoke [1]`,
      'Program data: %%%not base64%%%',
      cut,
      unknown,
      pumpswap.pumpSwapCreatePoolEvent!.log,
      trade,
      `Program ${PROGRAMS.pumpfun} success`,
      trade,
    ];
    const out = decodeLogs('sig', logs);
    expect(counts(out.warnings)).toEqual({
      bad_base64: 1,
      truncated: 1,
      unknown_discriminator: 1,
      wrong_program: 1,
      log_mismatch: 1,
    });
    expect(out.events.map((e) => e.kind)).toEqual(['curve_trade']);
  });

  it('Program data of programs without an IDL here is ignored', () => {
    const logs = [
      'Program Other111 invoke [1]',
      `Program data: ${Buffer.from('hello').toString('base64')}`,
      'Program Other111 success',
    ];
    expect(decodeLogs('sig', logs)).toEqual({ events: [], records: [], warnings: [], failed: false });
  });

  it('a truncated log is flagged and what came before it still decodes', () => {
    const logs = [...pump[0]!.logs.slice(0, 60), 'Log truncated'];
    const out = decodeLogs('sig', logs);
    expect(counts(out.warnings)).toEqual({ log_truncated: 1 });
    expect(out.events.map((e) => e.kind)).toEqual(['create']);
  });

  it('logs that are not an array are a malformed input, not a throw', () => {
    const out = decodeLogs('sig', 'nope' as unknown as string[]);
    expect(counts(out.warnings)).toEqual({ malformed_transaction: 1 });
  });
});
