import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { PUMP_IDL } from '../../src/decode/layout/idl/pump-idl.js';
import { PUMP_RAYDIUM_MIGRATOR } from '../../src/decode/map/map-amm-v4.js';
import type { RpcTransaction, RpcTransactionNotification } from '../../src/decode/rpc-transaction.js';
import { PROGRAMS } from '../../src/events/programs.js';
import { buildJsonTransaction, type TestInstruction } from '../../src/testing/build-json-transaction.js';
import { encodeLayout } from '../../src/testing/encode-layout.js';
import { readFixture } from '../../src/testing/read-fixture.js';
import type { ReplayAccount, ReplayLedger, ReplayTx } from './replay-server.js';

/** A stand-in address: base58 of sha256(name). */
export const addr = (name: string): string => bs58.encode(createHash('sha256').update(name).digest());
const sig = (name: string): string => bs58.encode(createHash('sha512').update(name).digest());
const ata = (wallet: string) => addr(`ata:${wallet}`);

export const BINANCE = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

/** The wallets of the assembled launch, by role in the story below. */
export const WALLETS = {
  creator: addr('creator'),
  b1: addr('bundler-1'),
  b2: addr('bundler-2'),
  b3: addr('receiver-of-b1'),
  s1: addr('sniper-1'),
  s2: addr('sniper-2'),
  e1: addr('early-1'),
  e2: addr('early-2'),
  e3: addr('early-3'),
  x: addr('fresh-exchange'),
  whale: addr('whale'),
  l1: addr('late-1'),
  l2: addr('late-2'),
  f: addr('funder-f'),
  u: addr('funder-u'),
} as const;

export const MINT = addr('mint');
export const CURVE = addr('bonding-curve');
export const POOL = addr('pumpswap-pool');
export const LP_MINT = addr('lp-mint');
export const CREATE_SLOT = 330_000_000;
const T0 = 1_760_000_000;
/** Block time in seconds: 0.4 s a slot around the create. */
export const blockTime = (slot: number): number => T0 + Math.floor((slot - CREATE_SLOT) * 0.4);

const MILLION = 1_000_000_000_000n;
const SOL = 1_000_000_000n;
const CURVE_ATA = ata(CURVE);
const EVENT_AUTHORITY = addr('pump-event-authority');
const EVENT_IX_TAG = Buffer.from('e445a52e51cb9a1d', 'hex');

const u64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(v);
  return b;
};
const bytes = (...parts: (Uint8Array | number[])[]) =>
  Uint8Array.from(Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array))));
const disc = (section: 'events' | 'instructions', name: string) => {
  const entries = PUMP_IDL[section] as Record<string, { discriminator: string }>;
  return Buffer.from(entries[name]!.discriminator, 'hex');
};
const pumpEvent = (
  name: 'CreateEvent' | 'TradeEvent' | 'CompletePumpAmmMigrationEvent',
  value: Record<string, unknown>,
) => {
  const layout = PUMP_IDL.events[name].layout;
  return bytes(disc('events', name), encodeLayout([...layout.fields, ...layout.tail], value));
};
const carrier = (event: Uint8Array): TestInstruction => ({
  programId: PROGRAMS.pumpfun,
  accounts: [EVENT_AUTHORITY],
  data: bytes(EVENT_IX_TAG, event),
});
const systemTransfer = (from: string, to: string, lamports: bigint): TestInstruction => ({
  programId: PROGRAMS.system,
  accounts: [from, to],
  data: bytes([2, 0, 0, 0], u64(lamports)),
});
const tokenTransfer = (
  source: string,
  destination: string,
  authority: string,
  amount: bigint,
): TestInstruction => ({
  programId: PROGRAMS.splToken,
  accounts: [source, destination, authority],
  data: bytes([3], u64(amount)),
});

/** `Program … invoke [d]` / `success` frames for an instruction tree, as a node logs them. */
function logsOf(instructions: readonly TestInstruction[]): string[] {
  const out: string[] = [];
  const walk = (ix: TestInstruction, depth: number) => {
    out.push(`Program ${ix.programId} invoke [${depth}]`);
    for (const child of ix.inner ?? []) walk(child, depth + 1);
    out.push(`Program ${ix.programId} success`);
  };
  for (const ix of instructions) walk(ix, 1);
  return out;
}

interface Balance {
  readonly address: string;
  readonly owner: string;
  readonly amount: bigint;
}

function recordTx(
  name: string,
  slot: number,
  txIndex: number,
  signer: string,
  instructions: readonly TestInstruction[],
  balances: readonly Balance[] = [],
): ReplayTx {
  const signature = sig(name);
  const result = buildJsonTransaction({
    signature,
    signer,
    slot,
    blockTime: blockTime(slot),
    instructions,
    logs: logsOf(instructions),
    postTokenBalances: balances.map((b) => ({
      address: b.address,
      mint: MINT,
      owner: b.owner,
      amount: String(b.amount),
    })),
  });
  return { signature, slot, txIndex, result };
}

/** A constant-product pump.fun curve (virtual reserves), rounding the SOL side up like the program. */
class Curve {
  sol = 30n * SOL;
  token = 1_073_000_000n * 1_000_000n;

  trade(side: 'buy' | 'sell', tokens: bigint): bigint {
    const k = this.sol * this.token;
    const token = side === 'buy' ? this.token - tokens : this.token + tokens;
    const sol = (k + token - 1n) / token;
    const lamports = side === 'buy' ? sol - this.sol : this.sol - sol;
    this.sol = sol;
    this.token = token;
    return lamports;
  }
}

/**
 * One complete pump.fun launch, assembled: funding of the traders (System transfers that do not mention
 * pump.fun), create + creator buy, a two-wallet bundle in the create slot, snipers, early and late buyers,
 * a creator sell, a token transfer that does not mention pump.fun, and the migration to PumpSwap.
 */
export function launchLedger(): {
  ledger: ReplayLedger;
  launchSignatures: string[];
  transferSignature: string;
} {
  const w = WALLETS;
  const S = CREATE_SLOT;
  const txs: ReplayTx[] = [];
  const fund = (name: string, slot: number, txIndex: number, from: string, to: string, sol: bigint) =>
    txs.push(recordTx(name, slot, txIndex, from, [systemTransfer(from, to, sol)]));
  fund('fund-creator', S - 648_000, 5, BINANCE, w.creator, 20n * SOL);
  fund('fund-whale', S - 1_000_000, 0, BINANCE, w.whale, 150n * SOL);
  fund('fund-f', S - 900_000, 0, BINANCE, w.f, 50n * SOL);
  fund('fund-l1', S - 700_000, 0, w.f, w.l1, 5n * SOL);
  fund('fund-l2', S - 700_000, 1, w.f, w.l2, 5n * SOL);
  fund('fund-s1', S - 2_000_000, 0, BINANCE, w.s1, 10n * SOL);
  fund('fund-s2', S - 50_000, 0, w.u, w.s2, 3n * SOL);
  fund('fund-e1', S - 100_000, 0, BINANCE, w.e1, 2n * SOL);
  fund('fund-e2', S - 5_000_000, 0, BINANCE, w.e2, 2n * SOL);
  fund('fund-x', S - 2_500, 0, BINANCE, w.x, 1_500_000_000n);
  txs.push(
    recordTx('fund-bundle', S - 10, 0, w.creator, [
      systemTransfer(w.creator, w.b1, 2n * SOL),
      systemTransfer(w.creator, w.b2, 2n * SOL),
    ]),
  );

  const curve = new Curve();
  const launch: ReplayTx[] = [];
  const trade = (wallet: string, side: 'buy' | 'sell', millions: bigint, slot: number): TestInstruction => {
    const tokens = millions * MILLION;
    const lamports = curve.trade(side, tokens);
    const event = pumpEvent('TradeEvent', {
      mint: MINT,
      sol_amount: lamports,
      token_amount: tokens,
      is_buy: side === 'buy',
      user: wallet,
      timestamp: BigInt(blockTime(slot)),
      virtual_sol_reserves: curve.sol,
      virtual_token_reserves: curve.token,
    });
    const accounts = [
      addr('pump-global'),
      addr('fee-recipient'),
      MINT,
      CURVE,
      CURVE_ATA,
      ata(wallet),
      wallet,
      PROGRAMS.system,
      PROGRAMS.splToken,
      addr('creator-vault'),
      EVENT_AUTHORITY,
      PROGRAMS.pumpfun,
      addr('global-volume'),
      addr(`user-volume:${wallet}`),
      addr('fee-config'),
      addr('fee-program'),
    ];
    const inner =
      side === 'buy'
        ? [systemTransfer(wallet, CURVE, lamports), tokenTransfer(CURVE_ATA, ata(wallet), CURVE, tokens)]
        : [tokenTransfer(ata(wallet), CURVE_ATA, wallet, tokens)];
    return {
      programId: PROGRAMS.pumpfun,
      accounts,
      data: bytes(disc('instructions', side), u64(tokens), u64(side === 'buy' ? lamports * 2n : 0n)),
      inner: [...inner, carrier(event)],
    };
  };
  const step = (
    name: string,
    slot: number,
    txIndex: number,
    wallet: string,
    side: 'buy' | 'sell',
    millions: bigint,
  ) => launch.push(recordTx(name, slot, txIndex, wallet, [trade(wallet, side, millions, slot)]));

  const mintAuthority = addr('pump-mint-authority');
  const create: TestInstruction = {
    programId: PROGRAMS.pumpfun,
    accounts: [
      MINT,
      mintAuthority,
      CURVE,
      CURVE_ATA,
      addr('pump-global'),
      addr('mpl-token-metadata'),
      addr('metadata'),
      w.creator,
      PROGRAMS.system,
      PROGRAMS.splToken,
      addr('ata-program'),
      addr('rent'),
      EVENT_AUTHORITY,
      PROGRAMS.pumpfun,
    ],
    data: bytes(
      disc('instructions', 'create'),
      encodeLayout(PUMP_IDL.instructions.create.layout.fields, {
        name: 'Replay Cat',
        symbol: 'RCAT',
        uri: 'ipfs://rcat',
      }),
    ),
    inner: [
      {
        programId: PROGRAMS.splToken,
        accounts: [MINT],
        data: bytes([20, 6], bs58.decode(mintAuthority), [0]),
      },
      { programId: PROGRAMS.splToken, accounts: [MINT, mintAuthority], data: bytes([6, 0, 0]) },
      carrier(
        pumpEvent('CreateEvent', {
          name: 'Replay Cat',
          symbol: 'RCAT',
          uri: 'ipfs://rcat',
          mint: MINT,
          bonding_curve: CURVE,
          user: w.creator,
          creator: w.creator,
          timestamp: BigInt(blockTime(S)),
          virtual_token_reserves: curve.token,
          virtual_sol_reserves: curve.sol,
          real_token_reserves: 793_100_000n * 1_000_000n,
          token_total_supply: 1_000_000_000n * 1_000_000n,
        }),
      ),
    ],
  };
  launch.push(recordTx('create', S, 3, w.creator, [create, trade(w.creator, 'buy', 40n, S)]));
  step('buy-b1', S, 4, w.b1, 'buy', 30n);
  step('buy-b2', S, 5, w.b2, 'buy', 30n);
  step('buy-s1', S + 1, 0, w.s1, 'buy', 20n);
  step('buy-s2', S + 2, 7, w.s2, 'buy', 15n);
  step('buy-e1', S + 30, 2, w.e1, 'buy', 10n);
  step('buy-e2', S + 30, 3, w.e2, 'buy', 10n);
  step('buy-e3', S + 30, 6, w.e3, 'buy', 10n);
  step('buy-x', S + 100, 1, w.x, 'buy', 5n);
  step('buy-whale', S + 200, 0, w.whale, 'buy', 60n);
  step('buy-l1', S + 1000, 0, w.l1, 'buy', 25n);
  step('buy-l2', S + 1000, 4, w.l2, 'buy', 25n);
  step('sell-creator', S + 1200, 2, w.creator, 'sell', 10n);
  step('sell-s1', S + 1300, 0, w.s1, 'sell', 20n);

  const transfer = recordTx(
    'transfer-b1-b3',
    S + 1400,
    1,
    w.b1,
    [
      {
        programId: PROGRAMS.splToken,
        accounts: [ata(w.b1), MINT, ata(w.b3), w.b1],
        data: bytes([12], u64(10n * MILLION), [6]),
      },
    ],
    [
      { address: ata(w.b1), owner: w.b1, amount: 20n * MILLION },
      { address: ata(w.b3), owner: w.b3, amount: 10n * MILLION },
    ],
  );

  const migrateAccounts = Array.from({ length: 25 }, (_, i) => addr(`migrate-account-${i}`));
  migrateAccounts[2] = MINT;
  migrateAccounts[3] = CURVE;
  migrateAccounts[5] = PUMP_RAYDIUM_MIGRATOR;
  migrateAccounts[9] = POOL;
  migrateAccounts[15] = LP_MINT;
  const migrate: TestInstruction = {
    programId: PROGRAMS.pumpfun,
    accounts: migrateAccounts,
    data: disc('instructions', 'migrate'),
    inner: [
      carrier(
        pumpEvent('CompletePumpAmmMigrationEvent', {
          user: PUMP_RAYDIUM_MIGRATOR,
          mint: MINT,
          mint_amount: 206_900_000n * 1_000_000n,
          sol_amount: 84_990_359_301n,
          pool_migration_fee: 15_000_001n,
          bonding_curve: CURVE,
          timestamp: BigInt(blockTime(S + 1500)),
          pool: POOL,
        }),
      ),
      {
        programId: PROGRAMS.splToken,
        accounts: [addr('migrator-lp-account'), LP_MINT, PUMP_RAYDIUM_MIGRATOR],
        data: bytes([8], u64(144_387_163_599n)),
      },
    ],
  };
  launch.push(recordTx('migrate', S + 1500, 0, PUMP_RAYDIUM_MIGRATOR, [migrate]));

  const held: [string, bigint][] = [
    [w.creator, 30n],
    [w.b1, 20n],
    [w.b2, 30n],
    [w.b3, 10n],
    [w.s2, 15n],
    [w.e1, 10n],
    [w.e2, 10n],
    [w.e3, 10n],
    [w.x, 5n],
    [w.whale, 60n],
    [w.l1, 25n],
    [w.l2, 25n],
    [w.s1, 0n],
  ];
  const token = (address: string, owner: string, amount: bigint): ReplayAccount => ({
    address,
    program: PROGRAMS.splToken,
    parsed: { type: 'account', info: { mint: MINT, owner, tokenAmount: { amount: String(amount) } } },
  });
  const pool = (206_900_000n * MILLION) / 1_000_000n;
  const holders = held.reduce((s, [, m]) => s + m * MILLION, 0n);
  const accounts: ReplayAccount[] = [
    {
      address: MINT,
      program: PROGRAMS.splToken,
      parsed: { type: 'mint', info: { supply: String(1_000_000_000n * 1_000_000n), decimals: 6 } },
    },
    ...held.map(([wallet, m]) => token(ata(wallet), wallet, m * MILLION)),
    token(addr('pool-base-vault'), POOL, pool),
    token(CURVE_ATA, CURVE, 1_000_000_000n * 1_000_000n - pool - holders),
  ];
  return {
    ledger: { transactions: [...txs, ...launch, transfer, ...fixtureTraffic()], accounts },
    launchSignatures: launch.map((t) => t.signature),
    transferSignature: transfer.signature,
  };
}

type Notification = { params: { result: RpcTransactionNotification } };

/** The fixture transactions (Raydium migrations and swaps, a USDC transfer) as recorded `getTransaction` answers. */
export function fixtureTraffic(): ReplayTx[] {
  const notes = [
    readFixture<Notification>('pumpfun/migration-raydium-notification.json'),
    ...readFixture<Notification[]>('pumpfun/migrations-raydium.json'),
    ...readFixture<Notification[]>('raydium/post-migration-swaps.json'),
  ].map((n) => n.params.result);
  const out: ReplayTx[] = notes.map((n, i) => ({
    signature: n.signature,
    slot: n.slot,
    txIndex: i,
    result: {
      slot: n.slot,
      blockTime: null,
      version: n.transaction.version,
      transaction: n.transaction.transaction,
      meta: n.transaction.meta,
    },
  }));
  const usdc = readFixture<{ result: RpcTransaction & { slot: number } }>(
    'usdc/transfer-checked-getTransaction.json',
  ).result;
  out.push({ signature: usdc.transaction.signatures[0]!, slot: usdc.slot, txIndex: 0, result: usdc });
  return out;
}
