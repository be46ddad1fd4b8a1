import { DEFAULT_RULES } from '../builder/classification-rules.js';
import { type RowSink, SnapshotBuilder } from '../builder/snapshot-builder.js';
import type { ChainEvent, CreateEvent, MigrationEvent } from '../events/chain-event.js';

/** Test support: writes hand-made launches as ChainEvents with a slot clock (400 ms a slot). */
export const T0 = Date.UTC(2026, 5, 1);
export const SUPPLY = 1_000_000_000_000_000;
export const slotAt = (slot: number) => T0 + slot * 400;

let sigSeq = 0;
const header = (slot: number, tx_index: number, signer: string) => ({
  slot,
  tx_index,
  at: slotAt(slot),
  signature: `sig${++sigSeq}`,
  signer,
  fee_lamports: 5000,
});

export function create(mint: string, creator: string, slot: number, tx_index = 10): CreateEvent {
  return {
    kind: 'create',
    ...header(slot, tx_index, creator),
    platform: 'pumpfun',
    mint,
    creator,
    name: mint,
    symbol: mint.toUpperCase(),
    curve: `${mint}-curve`,
    token_supply_raw: SUPPLY,
    decimals: 6,
  };
}

export function buy(
  mint: string,
  wallet: string,
  slot: number,
  tx_index: number,
  token_raw: number,
  sol = 1e9,
) {
  return {
    kind: 'curve_trade' as const,
    ...header(slot, tx_index, wallet),
    mint,
    wallet,
    side: 'buy' as const,
    sol_lamports: sol,
    token_raw,
    virtual_sol_lamports: 30e9,
    virtual_token_raw: 1.073e15,
  };
}

export function sell(mint: string, wallet: string, slot: number, token_raw: number, sol = 1e9) {
  return { ...buy(mint, wallet, slot, 500, token_raw, sol), side: 'sell' as const };
}

export function fund(from: string, to: string, slot: number, sol = 2): ChainEvent {
  return { kind: 'sol_transfer', ...header(slot, 0, from), from, to, lamports: sol * 1e9 };
}

export function migrate(mint: string, slot: number): MigrationEvent {
  return {
    kind: 'migration',
    ...header(slot, 1, 'migrator'),
    mint,
    pool: `${mint}-pool`,
    venue: 'pumpswap',
    sol_lamports: 85e9,
    token_raw: 206.9e12,
    lp_state: 'burned',
  };
}

export function poolTrade(mint: string, wallet: string, slot: number, side: 'buy' | 'sell', poolSol: number) {
  return {
    kind: 'pool_trade' as const,
    ...header(slot, 2, wallet),
    mint,
    pool: `${mint}-pool`,
    wallet,
    side,
    sol_lamports: 1e9,
    token_raw: 1e12,
    pool_sol_lamports: poolSol,
    pool_token_raw: 206.9e12,
  };
}

export interface Built {
  rows: Map<string, Record<string, unknown>[]>;
  builder: SnapshotBuilder;
}

/** Runs events through a fresh builder with a $100 SOL and collects every row by table. */
export function build(
  events: readonly ChainEvent[],
  opts: { exchanges?: string[]; kols?: string[]; end?: number; ticksFrom?: number } = {},
): Built {
  const rows = new Map<string, Record<string, unknown>[]>();
  const sink: RowSink = (table, row) => {
    const list = rows.get(table) ?? [];
    rows.set(table, list);
    list.push(row as Record<string, unknown>);
  };
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map((opts.exchanges ?? []).map((a) => [a, 'Exchange'])),
      kolWallets: new Set(opts.kols ?? []),
      solUsdAt: () => 100,
      ticksFrom: opts.ticksFrom ?? 0,
    },
    sink,
  );
  for (const e of events) builder.push(e);
  builder.finish(opts.end ?? events[events.length - 1].at);
  return { rows, builder };
}

export function holder(b: Built, wallet: string): Record<string, unknown> {
  const h = b.rows.get('holders')?.find((r) => r.wallet === wallet);
  if (!h) throw new Error(`no holder row for ${wallet}`);
  return h;
}

/** Ten filler holders so a launch is not skipped for lacking holder data. */
export function filler(mint: string, fromSlot: number): ChainEvent[] {
  return Array.from({ length: 10 }, (_, i) => buy(mint, `filler${i}`, fromSlot + 1000 + i, 5, 1e12));
}
