import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import type { ChainEvent } from '../events/chain-event.js';
import { LETSBONK_PLATFORM_CONFIG, PROGRAMS, WSOL_MINT } from '../events/programs.js';
import { buildJsonTransaction, type TestInstruction } from '../testing/build-json-transaction.js';
import { encodeLayout } from '../testing/encode-layout.js';
import { readFixture } from '../testing/read-fixture.js';
import { toJsonEncoding } from '../testing/to-json-encoding.js';
import { decodeTransaction } from './decode-transaction.js';
import { decodeBase64 } from './encoding/decode-base64.js';
import { LAUNCHLAB_IDL } from './layout/idl/launchlab-idl.js';
import { PUMP_IDL } from './layout/idl/pump-idl.js';
import { PUMP_SWAP_IDL } from './layout/idl/pump-swap-idl.js';
import { RAYDIUM_CPMM_IDL } from './layout/idl/raydium-cpmm-idl.js';
import type { RpcTransaction, RpcTransactionNotification } from './rpc-transaction.js';

type Notification = { params: { result: RpcTransactionNotification } };
type Balances = { preBalances: number[]; postBalances: number[] };

const migrationNotes = [
  readFixture<Notification>('pumpfun/migration-raydium-notification.json'),
  ...readFixture<Notification[]>('pumpfun/migrations-raydium.json'),
].map((n) => n.params.result);
const swapNotes = readFixture<Notification[]>('raydium/post-migration-swaps.json').map(
  (n) => n.params.result,
);
const usdc = readFixture<{ result: RpcTransaction }>('usdc/transfer-checked-getTransaction.json').result;

const counts = (codes: readonly { code: string }[]) =>
  codes.reduce<Record<string, number>>((acc, w) => {
    acc[w.code] = (acc[w.code] ?? 0) + 1;
    return acc;
  }, {});
const ofKind = <K extends ChainEvent['kind']>(events: readonly ChainEvent[], kind: K) =>
  events.filter((e): e is Extract<ChainEvent, { kind: K }> => e.kind === kind);
const hex = (h: string) => Buffer.from(h, 'hex');
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));
const EVENT_IX_TAG = hex('e445a52e51cb9a1d');
/** A stand-in account key: base58 of 32 bytes of `n`. */
const key = (n: number) => bs58.encode(new Uint8Array(32).fill(n));

describe('legacy pump.fun → Raydium v4 migrations (fixture C), jsonParsed and json encodings', () => {
  const expected = [
    {
      signature: 'N7UtJouhKAFXCiWQkrDxGLj2bHsJmP9DbLWq7vFYZJqTAdPzdfFfBQQ8fgVnU8Qras6RCu1Qa4WLMSVDwSmAcyi',
      slot: 305978588,
      pool: '6DrWmJAVcCLUTHzgdMoKroZCwdcS8sodLgctiBqvyys6',
      mint: '6Ed5YTw9AoUhr5VcsjZdGHqpdruqgCaZcLv7WU6npump',
      sol: 79005359551,
      lpMint: 'EQRWgCWEwXD2QADZNE9nviKRqDeK3GnibLTnTdq8H2SA',
    },
    {
      signature: '3yq88CT3',
      slot: 308470432,
      pool: '5smitM3H4yJZHqPyXrrXGyZmWvvoREWgiUxzUPjM8bVU',
      mint: '6TArF7DG91BVuAvSidiT1wMPyvv5WNEkmJY2ovopump',
      sol: 79005361670,
      lpMint: null,
    },
    {
      signature: '5py7hgb1',
      slot: 308470517,
      pool: 'qZuL2mjDggUKqyZgXEcfs589rHf7cud3wJAFzU7YTg8',
      mint: '4P3YDUp2Pwv94MaXdeuY3RHgUZ4p4wToaVwSvaeKpump',
      sol: 79005359099,
      lpMint: null,
    },
  ];

  migrationNotes.forEach((note, k) => {
    const want = expected[k]!;
    it(`migration ${k}: one raydium_amm_v4 migration of ${want.mint}`, () => {
      for (const tx of [note, toJsonEncoding(note)]) {
        const out = decodeTransaction(tx);
        expect(out.warnings).toEqual([]);
        const [migration, ...others] = ofKind(out.events, 'migration');
        expect(others).toEqual([]);
        expect(migration).toMatchObject({
          slot: want.slot,
          tx_index: 0,
          at: 0,
          signer: '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg',
          fee_lamports: 5000,
          mint: want.mint,
          pool: want.pool,
          venue: 'raydium_amm_v4',
          sol_lamports: want.sol,
          token_raw: 206900000000000,
          lp_state: null,
        });
        expect(migration!.signature.startsWith(want.signature)).toBe(true);
      }
    });
  });

  it('the 0.4 SOL fee and the vault funding inside initialize2 are part of the migration, not funding', () => {
    const out = decodeTransaction(migrationNotes[0]!);
    expect(ofKind(out.events, 'sol_transfer')).toEqual([]);
    expect(ofKind(out.events, 'token_transfer')).toEqual([]);
  });

  it('the new LP mint is reported with the AMM authority as mint authority and no freeze authority', () => {
    const changes = ofKind(decodeTransaction(migrationNotes[0]!).events, 'authority_change');
    expect(changes.map(({ mint, authority, new_authority }) => ({ mint, authority, new_authority }))).toEqual(
      [
        {
          mint: expected[0]!.lpMint,
          authority: 'mint',
          new_authority: '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1',
        },
        { mint: expected[0]!.lpMint, authority: 'freeze', new_authority: null },
      ],
    );
  });

  it('both encodings give the same events', () => {
    for (const note of migrationNotes) {
      expect(decodeTransaction(toJsonEncoding(note)).events).toEqual(decodeTransaction(note).events);
    }
  });

  it('an initialize2 not signed by the pump.fun migration wallet is not a launch migration', () => {
    const other = structuredClone(migrationNotes[0]!) as unknown as {
      transaction: { transaction: { message: { instructions: { accounts?: string[] }[] } } };
    };
    other.transaction.transaction.message.instructions[2]!.accounts![17] = key(9);
    expect(
      ofKind(decodeTransaction(other as unknown as RpcTransactionNotification).events, 'migration'),
    ).toEqual([]);
  });
});

describe('Raydium v4 swaps on graduated pump tokens (fixture D)', () => {
  const [buyNote, sellNote] = swapNotes as [RpcTransactionNotification, RpcTransactionNotification];
  const balances = (note: RpcTransactionNotification) => note.transaction.meta as unknown as Balances;

  it('[0] WSOL is the coin, so direction 2 (coin→pc) is a buy; reserves are the vaults after it', () => {
    const out = decodeTransaction(buyNote);
    expect(out.warnings).toEqual([]);
    expect(ofKind(out.events, 'pool_trade')).toEqual([
      {
        kind: 'pool_trade',
        slot: 308454032,
        tx_index: 0,
        at: 0,
        signature: buyNote.signature,
        signer: 'DxEyMGDat253hpcvTxdJcRLT7VRRetEX8eqPGzgQGWc7',
        fee_lamports: 5000,
        mint: 'Fj7qoqGJ7QSoPWNWcZag58AwCbHXgxzKHAwfiefHpump',
        pool: 'Dj3cjxPqLh2DKRZLC5NorkmgyJUXe4v55LDtxU1sLcUS',
        wallet: 'DxEyMGDat253hpcvTxdJcRLT7VRRetEX8eqPGzgQGWc7',
        side: 'buy',
        sol_lamports: 194231121,
        token_raw: 181542520507,
        pool_sol_lamports: 141169141416,
        pool_token_raw: 132095635063402,
      },
    ]);
    // The signer's token account goes 6125985782633 → 6307528303140.
    expect(6307528303140 - 6125985782633).toBe(181542520507);
  });

  it('[1] the token is the coin, so the same direction 2 is a sell; the signer nets out − fee in SOL', () => {
    const out = decodeTransaction(sellNote);
    const [trade] = ofKind(out.events, 'pool_trade');
    expect(trade).toMatchObject({
      mint: '3nNmxCwJ6oTL59Pn9TmohMN44gnzMiZUHnavBokSpump',
      pool: '86HWfQMVguBTC4bqvm5T3KWFTzGNDKDi9MuGFJAV47uM',
      wallet: '6rRLHt3CSJ1nx8Kf3SqZ8dUwzJqYucVdmfeEHYQqECrv',
      side: 'sell',
      sol_lamports: 3684657266,
      token_raw: 577200577200,
      pool_sol_lamports: 323762854490,
      pool_token_raw: 51167771896238,
      fee_lamports: 22543,
    });
    const { preBalances, postBalances } = balances(sellNote);
    expect(postBalances[0]! - preBalances[0]!).toBe(3684634723);
    expect(trade!.sol_lamports - trade!.fee_lamports).toBe(3684634723);
  });

  it('the top-level SOL transfer beside the buy is a sol_transfer', () => {
    expect(ofKind(decodeTransaction(buyNote).events, 'sol_transfer')).toMatchObject([
      {
        from: 'DxEyMGDat253hpcvTxdJcRLT7VRRetEX8eqPGzgQGWc7',
        to: 'ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt',
        lamports: 800000,
      },
    ]);
    expect(ofKind(decodeTransaction(sellNote).events, 'sol_transfer')).toEqual([]);
  });

  it('the v0 transaction with lookup-table keys decodes the same in json encoding (meta.loadedAddresses)', () => {
    const json = toJsonEncoding(buyNote);
    expect(json.transaction.meta?.loadedAddresses?.readonly).toHaveLength(2);
    expect(decodeTransaction(json).events).toEqual(decodeTransaction(buyNote).events);
    expect(decodeTransaction(toJsonEncoding(sellNote)).events).toEqual(decodeTransaction(sellNote).events);
  });

  it('without logs the amounts come from the swap’s vault transfers', () => {
    const noLogs = structuredClone(buyNote) as unknown as { transaction: { meta: { logMessages: unknown } } };
    noLogs.transaction.meta.logMessages = null;
    const trade = ofKind(
      decodeTransaction(noLogs as unknown as RpcTransactionNotification).events,
      'pool_trade',
    );
    expect(trade).toMatchObject([{ side: 'buy', sol_lamports: 194231121, token_raw: 181542520507 }]);
  });
});

describe('USDC transferChecked (fixture G, legacy jsonParsed getTransaction)', () => {
  it('is one token_transfer between owners with the header of the result', () => {
    for (const tx of [usdc, toJsonEncoding(usdc)]) {
      const out = decodeTransaction(tx, { tx_index: 17 });
      expect(out.warnings).toEqual([]);
      expect(out.events).toEqual([
        {
          kind: 'token_transfer',
          slot: 184930610,
          tx_index: 17,
          at: 1679899845000,
          signature:
            '2S2rTZjaqzxYRw9mnqzwtyqitKtSsnE8GVqLn1KrD5R2YpXZnU4GdjppsgfSAbrzJfaqadfi8CtrqEBy588WVQ3E',
          signer: 'FG4Y3yX4AAchp1HvNZ7LfzFTewF2f6nDoMDCohTFrdpT',
          fee_lamports: 10000,
          mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          from: '8fusVwhgo4oS1fGpZKeRaXrJXQk9auKnAgcj9A97wR3t',
          to: '3i476kTBBTy7pBGx4CXwJpJ6phuwLQgcwLTdHhU3c7ui',
          token_raw: 1000,
        },
      ]);
    }
  });

  it('a failed transaction is skipped', () => {
    const failed = structuredClone(usdc) as unknown as { meta: { err: unknown } };
    failed.meta.err = { InstructionError: [1, { Custom: 1 }] };
    expect(decodeTransaction(failed as unknown as RpcTransaction)).toEqual({
      events: [],
      records: [],
      warnings: [],
      failed: true,
    });
  });
});

// Synthetic transactions: real event bytes from the fixtures, instruction accounts laid out in the IDL's
// order with stand-in keys where the fixtures do not carry the transaction. They exercise the self-CPI
// event path and the account-based mappings that no fixture transaction covers.
const pumpTradeLine = readFixture<{ samples: { logs: string[] }[] }>(
  'pumpfun/create-buy-logs.json',
).samples[0]!.logs.filter((l) => l.startsWith('Program data: '))[1]!;
const pumpTrade = decodeBase64(pumpTradeLine.slice(14))!;
const launchlabLogs = readFixture<{ stonkfun: { logs: string[] }[] }>('launchlab/creations.json').stonkfun[0]!
  .logs;
const [poolCreate, launchTrade] = launchlabLogs
  .filter((l) => l.startsWith('Program data: '))
  .map((l) => decodeBase64(l.slice(14))!) as [Uint8Array, Uint8Array];
const migrationLine = readFixture<Record<string, { log: string }>>('pumpfun/pumpswap-events.json')
  .completePumpAmmMigrationEvent!.log;
const migrationEvent = decodeBase64(migrationLine.slice(14))!;

const carrier = (programId: string, event: Uint8Array): TestInstruction => ({
  programId,
  accounts: [key(200)],
  data: concat(EVENT_IX_TAG, event),
});
const u64s = (...values: bigint[]) => {
  const b = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => {
    b.writeBigUInt64LE(v, i * 8);
  });
  return b;
};
const base = { signature: 'synthetic', signer: key(1), slot: 42, blockTime: 1_700_000_000 };

describe('pump.fun instructions with self-CPI events (synthetic)', () => {
  const user = '6kEdqZSRNQHHBoSXyr3LU8bVjUHbz2ZK7ZyPjQWPz5Tb';
  const buyV2: TestInstruction = {
    programId: PROGRAMS.pumpfun,
    accounts: Array.from({ length: 27 }, (_, i) => (i === 13 ? user : key(10 + i))),
    data: concat(hex(PUMP_IDL.instructions.buy_v2.discriminator), u64s(20000000000000n, 600000000n)),
    inner: [carrier(PROGRAMS.pumpfun, pumpTrade)],
  };
  const logs = [
    `Program ${PROGRAMS.pumpfun} invoke [1]`,
    'Program log: Instruction: BuyV2',
    pumpTradeLine,
    `Program ${PROGRAMS.pumpfun} invoke [2]`,
    `Program ${PROGRAMS.pumpfun} success`,
    `Program ${PROGRAMS.pumpfun} success`,
  ];

  it('an event carried only by self-CPI (no logs) is decoded', () => {
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [buyV2] }));
    expect(out.warnings).toEqual([]);
    expect(out.events).toMatchObject([
      { kind: 'curve_trade', wallet: user, sol_lamports: 569800570, at: 1_700_000_000_000, signer: key(1) },
    ]);
    expect(out.records.find((r) => r.kind === 'event')).toMatchObject({ source: 'cpi' });
  });

  it('an event present as both a log line and a self-CPI is emitted once', () => {
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [buyV2], logs }));
    expect(out.warnings).toEqual([]);
    expect(ofKind(out.events, 'curve_trade')).toHaveLength(1);
  });

  it('when the log is truncated, the self-CPI copy fills in and still counts once', () => {
    const cut = [...logs.slice(0, 3), 'Log truncated'];
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [buyV2], logs: cut }));
    expect(counts(out.warnings)).toEqual({ log_truncated: 1 });
    expect(ofKind(out.events, 'curve_trade')).toHaveLength(1);
  });

  it('logs that do not match the instructions are flagged and self-CPI events are used', () => {
    const wrong = [`Program ${PROGRAMS.pumpswap} invoke [1]`, `Program ${PROGRAMS.pumpswap} success`];
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [buyV2], logs: wrong }));
    expect(counts(out.warnings)).toEqual({ log_mismatch: 1 });
    expect(ofKind(out.events, 'curve_trade')).toHaveLength(1);
  });

  it('a buy whose TradeEvent is missing is a counted missing_event', () => {
    const bare = { ...buyV2, inner: [] };
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [bare] }));
    expect(out.events).toEqual([]);
    expect(counts(out.warnings)).toEqual({ missing_event: 1 });
  });

  it('migrate_v2 with its CompletePumpAmmMigrationEvent is a PumpSwap migration; a burn of its LP mint marks it burned', () => {
    const lpMint = key(120);
    const migrate: TestInstruction = {
      programId: PROGRAMS.pumpfun,
      accounts: Array.from({ length: 27 }, (_, i) => (i === 15 ? lpMint : key(100 + i))),
      data: hex(PUMP_IDL.instructions.migrate_v2.discriminator),
      inner: [
        carrier(PROGRAMS.pumpfun, migrationEvent),
        {
          programId: PROGRAMS.splToken,
          accounts: [key(130), lpMint, key(131)],
          data: concat(Uint8Array.from([8]), u64s(144387163599n)),
        },
      ],
    };
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [migrate] }));
    expect(out.warnings).toEqual([]);
    expect(out.events).toMatchObject([
      {
        kind: 'migration',
        mint: 'Gu2bpydt5bHVHtko5vvsWH5KQUT3Wxvt6hzYvKdND6ur',
        pool: 'Vptu7kbcUHWNHKSCw1Qn1MhgP9fqKmQnTAzTqETCAs5',
        venue: 'pumpswap',
        sol_lamports: 84990359301,
        token_raw: 206900000000000,
        lp_state: 'burned',
      },
    ]);
  });
});

describe('LaunchLab launches (synthetic, fixture B event bytes)', () => {
  const creator = 'twamXGa9GVEnhEurqZD9w8g6zdSa8sVRBxR8s8DR9hj';
  const mint = 'AxdeZbRk8aE9DiEtgH4jeYA8DYX4t6bFds5ugHtBhgbv';
  const pool = '6h8noLfdhQiBFvLDr9X36w2997ikxv3NoqR4LCH2xcES';
  const launch = (platformConfig: string, quoteMint = WSOL_MINT): TestInstruction[] => [
    {
      programId: PROGRAMS.launchlab,
      // payer, creator, global_config, platform_config, authority, pool_state, base_mint, quote_mint, vaults…
      accounts: [creator, creator, key(3), platformConfig, key(4), pool, mint, quoteMint, key(5), key(6)],
      // The instruction's MintParams / CurveParams / VestingParams / amm_fee_on are the event body after its 3 keys.
      data: concat(
        hex(LAUNCHLAB_IDL.instructions.initialize_with_token_2022.discriminator),
        poolCreate.subarray(8 + 96),
        Uint8Array.from([0]),
      ),
      inner: [carrier(PROGRAMS.launchlab, poolCreate)],
    },
    {
      programId: PROGRAMS.launchlab,
      // payer, authority, global_config, platform_config, pool_state, user tokens, vaults, mints, …
      accounts: [
        creator,
        key(4),
        key(3),
        platformConfig,
        pool,
        key(7),
        key(8),
        key(5),
        key(6),
        mint,
        quoteMint,
      ],
      data: concat(hex(LAUNCHLAB_IDL.instructions.buy_exact_in.discriminator), u64s(366768533n, 0n, 0n)),
      inner: [carrier(PROGRAMS.launchlab, launchTrade)],
    },
  ];

  it('on the letsbonk platform config: a letsbonk create and a curve buy with the curve’s reserves after it', () => {
    const out = decodeTransaction(
      buildJsonTransaction({ ...base, instructions: launch(LETSBONK_PLATFORM_CONFIG) }),
    );
    expect(out.warnings).toEqual([]);
    expect(out.events).toMatchObject([
      {
        kind: 'create',
        platform: 'letsbonk',
        mint,
        creator,
        name: 'watercoin',
        symbol: 'WATER',
        curve: pool,
        token_supply_raw: 1_000_000_000_000_000,
        decimals: 6,
      },
      {
        kind: 'curve_trade',
        mint,
        wallet: creator,
        side: 'buy',
        sol_lamports: 362183926,
        token_raw: 116906246435687,
        virtual_sol_lamports: 2962126266 + 362183926,
        virtual_token_raw: 1073025605599678 - 116906246435687,
      },
    ]);
  });

  it('on another platform config: decoded, marked foreign, and kept out of the events', () => {
    const other = key(77);
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: launch(other) }));
    expect(out.events).toEqual([]);
    const foreign = out.records.filter((r) => r.kind === 'foreign_launchlab');
    expect(foreign).toMatchObject([
      { platform_config: other, event: { kind: 'create', mint, name: 'watercoin' } },
      { platform_config: other, event: { kind: 'curve_trade', mint, sol_lamports: 362183926 } },
    ]);
  });

  it('a letsbonk pool quoted in another token is not a SOL launch', () => {
    const out = decodeTransaction(
      buildJsonTransaction({ ...base, instructions: launch(LETSBONK_PLATFORM_CONFIG, key(55)) }),
    );
    expect(out.events).toEqual([]);
    expect(out.records.filter((r) => r.kind === 'foreign_launchlab')).toHaveLength(2);
  });

  it('migrate_to_cpswap takes the amounts of the CPMM initialize it calls', () => {
    const lpMint = key(60);
    const cpPool = key(61);
    const migrate: TestInstruction = {
      programId: PROGRAMS.launchlab,
      accounts: [
        key(2),
        mint,
        WSOL_MINT,
        LETSBONK_PLATFORM_CONFIG,
        PROGRAMS.raydiumCpmm,
        cpPool,
        key(62),
        lpMint,
      ],
      data: hex(LAUNCHLAB_IDL.instructions.migrate_to_cpswap.discriminator),
      inner: [
        {
          programId: PROGRAMS.raydiumCpmm,
          // creator, amm_config, authority, pool_state, token_0_mint, token_1_mint, lp_mint, …
          accounts: [key(2), key(63), key(62), cpPool, WSOL_MINT, mint, lpMint],
          data: concat(
            hex(RAYDIUM_CPMM_IDL.instructions.initialize.discriminator),
            u64s(85_000_000_000n, 2069n, 0n),
          ),
        },
      ],
    };
    const out = decodeTransaction(buildJsonTransaction({ ...base, instructions: [migrate] }));
    expect(out.warnings).toEqual([]);
    expect(out.events).toMatchObject([
      {
        kind: 'migration',
        mint,
        pool: cpPool,
        venue: 'raydium_cpmm',
        sol_lamports: 85_000_000_000,
        token_raw: 2069,
      },
    ]);
  });
});

describe('PumpSwap trades (synthetic events on fixture F instruction accounts)', () => {
  const fixture = readFixture<{ data: string; accounts: { pubkey: string }[] }>(
    'carbon/pump-swap-decoder/buy_with_track_volume_true.json',
  );
  const accounts = fixture.accounts.map((a) => a.pubkey);
  const [pool, user, , baseMint, quoteMint] = accounts;
  const buyEvent = PUMP_SWAP_IDL.events.BuyEvent;
  const event = (pool_base: bigint, pool_quote: bigint) =>
    concat(
      hex(buyEvent.discriminator),
      encodeLayout(buyEvent.layout.fields, {
        timestamp: 1n,
        base_amount_out: 104079243172n,
        max_quote_amount_in: 255000000n,
        user_base_token_reserves: 0n,
        user_quote_token_reserves: 0n,
        pool_base_token_reserves: pool_base,
        pool_quote_token_reserves: pool_quote,
        quote_amount_in: 250000000n,
        lp_fee_basis_points: 20n,
        lp_fee: 500000n,
        protocol_fee_basis_points: 5n,
        protocol_fee: 125000n,
        quote_amount_in_with_lp_fee: 250500000n,
        user_quote_amount_in: 250625000n,
        pool: pool!,
        user: user!,
        user_base_token_account: accounts[5]!,
        user_quote_token_account: accounts[6]!,
        protocol_fee_recipient: accounts[9]!,
        protocol_fee_recipient_token_account: accounts[10]!,
      }),
    );
  const buy = (ixAccounts: string[], ev: Uint8Array): TestInstruction => ({
    programId: PROGRAMS.pumpswap,
    accounts: ixAccounts,
    data: Buffer.from(fixture.data, 'hex'),
    inner: [carrier(PROGRAMS.pumpswap, ev)],
  });

  it('a buy on a token/WSOL pool is a pool buy; reserves after come from the event when vaults are not in the balances', () => {
    expect(quoteMint).toBe(WSOL_MINT);
    const out = decodeTransaction(
      buildJsonTransaction({
        ...base,
        instructions: [buy(accounts, event(1_000_000_000_000n, 80_000_000_000n))],
      }),
    );
    expect(out.warnings).toEqual([]);
    expect(out.events).toMatchObject([
      {
        kind: 'pool_trade',
        mint: baseMint,
        pool,
        wallet: user,
        side: 'buy',
        sol_lamports: 250000000,
        token_raw: 104079243172,
        pool_sol_lamports: 80_000_000_000 + 250500000,
        pool_token_raw: 1_000_000_000_000 - 104079243172,
      },
    ]);
  });

  it('the same PumpSwap buy on a WSOL/token pool sells the token for SOL', () => {
    const flipped = [...accounts];
    flipped[3] = WSOL_MINT;
    flipped[4] = baseMint!;
    const out = decodeTransaction(
      buildJsonTransaction({
        ...base,
        instructions: [buy(flipped, event(90_000_000_000n, 1_000_000_000_000n))],
        postTokenBalances: [
          { address: flipped[7]!, mint: WSOL_MINT, owner: pool!, amount: '89895920757' },
          { address: flipped[8]!, mint: baseMint!, owner: pool!, amount: '1000250500000' },
        ],
      }),
    );
    expect(out.events).toMatchObject([
      {
        kind: 'pool_trade',
        mint: baseMint,
        side: 'sell',
        sol_lamports: 104079243172,
        token_raw: 250000000,
        pool_sol_lamports: 89895920757,
        pool_token_raw: 1000250500000,
      },
    ]);
  });
});

describe('length guards before base58 decoding', () => {
  const maxKey = bs58.encode(new Uint8Array(32).fill(0xff));

  it('the longest mapped token instruction (InitializeMint2 with both authorities) is still read', () => {
    const data = Uint8Array.from([20, 0xff, ...bs58.decode(maxKey), 1, ...bs58.decode(maxKey)]);
    expect(bs58.encode(data).length).toBeLessThanOrEqual(92);
    const out = decodeTransaction(
      buildJsonTransaction({
        ...base,
        instructions: [{ programId: PROGRAMS.token2022, accounts: [key(5)], data }],
      }),
    );
    expect(ofKind(out.events, 'authority_change')).toMatchObject([
      { mint: key(5), authority: 'mint', new_authority: maxKey },
      { mint: key(5), authority: 'freeze', new_authority: maxKey },
    ]);
  });

  it('a TransferWithSeed with the longest seed is still read', () => {
    const seed = Buffer.alloc(32, 0xff);
    const lamports = Buffer.alloc(8, 0xff);
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(32n);
    const data = concat(Uint8Array.from([11, 0, 0, 0]), lamports, length, seed, bs58.decode(maxKey));
    expect(bs58.encode(data).length).toBeLessThanOrEqual(116);
    const out = decodeTransaction(
      buildJsonTransaction({
        ...base,
        instructions: [{ programId: PROGRAMS.system, accounts: [key(1), key(2), key(3)], data }],
      }),
    );
    expect(ofKind(out.events, 'sol_transfer')).toMatchObject([{ from: key(1), to: key(3) }]);
  });
});

describe('decodeTransaction never throws on malformed input', () => {
  it('names the problem of inputs it cannot read', () => {
    const cases: [unknown, string][] = [
      [null, 'malformed_transaction'],
      [{ transaction: ['AAAA', 'base64'], meta: {} }, 'unsupported_encoding'],
      [
        { transaction: { signatures: ['s'], message: { accountKeys: ['a'], instructions: [] } } },
        'malformed_transaction',
      ],
      [
        { transaction: { signatures: ['s'], message: { instructions: [] } }, meta: { err: null } },
        'malformed_transaction',
      ],
      [
        {
          transaction: {
            signatures: ['s'],
            message: { accountKeys: ['a'], instructions: [{ programIdIndex: 5, accounts: [], data: '' }] },
          },
          meta: { err: null, fee: 0 },
        },
        'malformed_transaction',
      ],
    ];
    for (const [input, code] of cases) {
      const out = decodeTransaction(input as RpcTransaction);
      expect(counts(out.warnings), JSON.stringify(input)).toEqual({ [code]: 1 });
      expect(out.events).toEqual([]);
    }
  });

  it('instruction data that is not base58 is a bad_base58 warning', () => {
    const tx = buildJsonTransaction({
      ...base,
      instructions: [{ programId: PROGRAMS.pumpfun, accounts: [], data: new Uint8Array(0) }],
    });
    (tx.transaction.message.instructions[0] as { data: string }).data = '0OIl';
    expect(counts(decodeTransaction(tx).warnings)).toEqual({ bad_base58: 1 });
  });

  it('survives 2000 seeded random corruptions of the fixture transactions', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sources = [...migrationNotes, ...swapNotes, usdc, ...migrationNotes.map(toJsonEncoding)];
    for (let round = 0; round < 2000; round++) {
      const tx = structuredClone(sources[round % sources.length]!) as unknown as Record<string, unknown>;
      const text = JSON.stringify(tx);
      const at = Math.floor(next() * text.length);
      const mutated =
        text.slice(0, at) + String.fromCharCode(48 + Math.floor(next() * 74)) + text.slice(at + 1);
      let input: unknown;
      try {
        input = JSON.parse(mutated);
      } catch {
        continue;
      }
      const out = decodeTransaction(input as RpcTransaction);
      expect(Array.isArray(out.events) && Array.isArray(out.warnings)).toBe(true);
    }
  });
});
