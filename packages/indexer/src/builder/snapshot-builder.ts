import type { KolTradeRow, PositionRow } from '@launchlens/engine';
import type { TableName } from '@launchlens/engine/internal';
import type { ChainEvent, CurveTradeEvent, MigrationEvent, PoolTradeEvent } from '../events/chain-event.js';
import type { AddressSlots } from './address-slots.js';
import { type ClassificationRules, DEFAULT_RULES } from './classification-rules.js';
import { classifyLaunch, mcapFromReserves } from './classify-launch.js';
import { labelOutcome } from './label-outcome.js';
import { LaunchState, type TradeEffect } from './launch-state.js';
import { WalletBook } from './wallet-book.js';

/**
 * Where built rows go (a dataset writer, an in-memory collector, the live store). `walletIds`, for
 * the tables of `WALLET_ID_COLUMNS`, holds the wallet ids of those columns (read during the call only).
 */
export type RowSink = (table: TableName, row: object, walletIds?: ArrayLike<number>) => void;

export interface BuilderOptions {
  readonly rules?: ClassificationRules;
  /** Known exchange addresses → names: exchange funding never joins a group. */
  readonly exchanges: ReadonlyMap<string, string>;
  readonly kolWallets: ReadonlySet<string>;
  readonly solUsdAt: (at: number) => number;
  /** Launches analysed at or after this moment keep their full-resolution ticks. */
  readonly ticksFrom: number;
}

export interface BuildStats {
  events: number;
  byKind: Record<ChainEvent['kind'], number>;
  migrated: number;
  settled: number;
  unsettled: number;
  /** Launches created but not migrated by the end: not part of the dataset. */
  unmigrated: number;
  /** Events for a mint the builder never saw created (counted, ignored). */
  orphanEvents: number;
}

/**
 * Replays a globally ordered `ChainEvent` stream: snapshots each launch at its migration, follows
 * its pool for the labelling window, then writes its outcome, path, ticks and positions.
 */
export class SnapshotBuilder {
  private readonly rules: ClassificationRules;
  readonly book: WalletBook;
  private readonly launches = new Map<string, LaunchState>();
  /** Migrated launches in analysis order: settle times are monotonic, so a FIFO suffices. */
  private readonly pending: LaunchState[] = [];
  private pendingHead = 0;
  private readonly kolIds: ReadonlySet<number>;
  /** The wallet ids handed with a row (`RowSink`), reused. */
  private readonly rowWalletIds = new Int32Array(2);
  readonly stats: BuildStats = {
    events: 0,
    byKind: {
      create: 0,
      curve_trade: 0,
      sol_transfer: 0,
      token_transfer: 0,
      authority_change: 0,
      migration: 0,
      pool_trade: 0,
    },
    migrated: 0,
    settled: 0,
    unsettled: 0,
    unmigrated: 0,
    orphanEvents: 0,
  };

  /**
   * With `slots`, the wallet ids of an event's `from`, `to` and `wallet` are read through it (its
   * producer keeps it in step with every event pushed; see `AddressSlots`); the ids are the same.
   */
  constructor(
    private readonly options: BuilderOptions,
    private readonly sink: RowSink,
    private readonly slots: AddressSlots | null = null,
  ) {
    this.rules = options.rules ?? DEFAULT_RULES;
    this.book = new WalletBook(options.exchanges, { recentAddresses: slots === null ? undefined : 0 });
    this.kolIds = new Set([...options.kolWallets].map((w) => this.book.intern(w)));
  }

  push(e: ChainEvent): void {
    this.stats.events++;
    this.stats.byKind[e.kind]++;
    this.settleDue(e.at);
    switch (e.kind) {
      case 'sol_transfer':
        this.book.recordTransfer(this.fromId(e.from), this.toId(e.to), e.at, e.lamports);
        return;
      case 'create':
        this.launches.set(e.mint, new LaunchState(e, this.book.intern(e.creator)));
        return;
      case 'curve_trade':
        this.onCurveTrade(e);
        return;
      case 'token_transfer': {
        const l = this.launches.get(e.mint);
        if (!l) {
          this.stats.orphanEvents++;
          return;
        }
        l.countTx(e.signature, e.fee_lamports);
        const from = this.fromId(e.from);
        const to = this.toId(e.to);
        l.recordTransfer(l.trader(from, e.from), l.trader(to, e.to), e.token_raw);
        return;
      }
      case 'authority_change': {
        const l = this.launches.get(e.mint);
        if (!l) {
          this.stats.orphanEvents++;
          return;
        }
        const state = e.new_authority === null ? 'revoked' : 'active';
        if (e.authority === 'mint') l.mintAuthority = state;
        else l.freezeAuthority = state;
        return;
      }
      case 'migration':
        this.onMigration(e);
        return;
      case 'pool_trade':
        this.onPoolTrade(e);
        return;
    }
  }

  /** Settles what is due by `currentThrough`, flushes the rest as unsettled, writes funders. */
  finish(currentThrough: number): BuildStats {
    this.settleDue(currentThrough);
    while (this.pendingHead < this.pending.length) this.settle(this.pending[this.pendingHead++], false);
    for (const l of this.launches.values()) if (!l.migrated) this.stats.unmigrated++;
    this.launches.clear();
    const ids = this.rowWalletIds;
    for (const f of this.book.tradersFunding()) {
      ids[0] = f.walletId;
      ids[1] = f.funderId;
      this.sink(
        'funders',
        { wallet: f.wallet, funder: f.funder, funded_at: f.at, amount_sol: f.lamports / 1e9 },
        ids,
      );
    }
    this.book.release();
    return this.stats;
  }

  private fromId(address: string): number {
    const s = this.slots;
    return s === null ? this.book.intern(address) : s.walletId(s.from, address, this.book);
  }

  private toId(address: string): number {
    const s = this.slots;
    return s === null ? this.book.intern(address) : s.walletId(s.to, address, this.book);
  }

  private walletId(address: string): number {
    const s = this.slots;
    return s === null ? this.book.intern(address) : s.walletId(s.wallet, address, this.book);
  }

  private onCurveTrade(e: CurveTradeEvent): void {
    const l = this.launches.get(e.mint);
    if (!l || l.migrated) return void this.stats.orphanEvents++;
    l.countTx(e.signature, e.fee_lamports);
    const { mcapUsd } = mcapFromReserves(
      e.virtual_sol_lamports,
      e.virtual_token_raw,
      l.create.token_supply_raw,
      this.options.solUsdAt(e.at),
    );
    const id = this.walletId(e.wallet);
    const effect = l.recordTrade(l.trader(id, e.wallet), e, mcapUsd, this.rules.scalpMaxHoldS * 1000);
    this.book.noteTrade(id, e.at);
    this.book.addLamports(id, (e.side === 'buy' ? -e.sol_lamports : e.sol_lamports) - e.fee_lamports);
    if (this.kolIds.has(id)) this.emitKolTrade(e, l, effect, mcapUsd);
  }

  private onMigration(e: MigrationEvent): void {
    const l = this.launches.get(e.mint);
    if (!l || l.migrated) return void this.stats.orphanEvents++;
    const solUsd = this.options.solUsdAt(e.at);
    const snap = classifyLaunch(l, e, {
      rules: this.rules,
      book: this.book,
      kolIds: this.kolIds,
      solUsd,
    });
    this.sink('tokens', snap.token);
    const ids = this.rowWalletIds;
    for (let k = 0; k < snap.holders.length; k++) {
      ids[0] = snap.holderWalletIds[2 * k];
      ids[1] = snap.holderWalletIds[2 * k + 1];
      this.sink('holders', snap.holders[k], ids);
    }
    for (const edge of snap.edges) this.sink('edges', edge);
    for (const id of l.traders.keys()) this.book.markTraded(id);
    l.signatures.clear();
    l.migration = e;
    l.curveTraders = l.traders.size;
    l.analysisMcapUsd = snap.token.mcap_at_analysis_usd ?? 0;
    this.pending.push(l);
    this.stats.migrated++;
  }

  private onPoolTrade(e: PoolTradeEvent): void {
    const l = this.launches.get(e.mint);
    if (!l?.migration) return void this.stats.orphanEvents++;
    const solUsd = this.options.solUsdAt(e.at);
    const { priceUsd, mcapUsd } = mcapFromReserves(
      e.pool_sol_lamports,
      e.pool_token_raw,
      l.create.token_supply_raw,
      solUsd,
    );
    l.recordPoolPrice(
      e.at,
      mcapUsd,
      priceUsd * 10 ** l.create.decimals,
      (2 * e.pool_sol_lamports * solUsd) / 1e9,
    );
    const id = this.walletId(e.wallet);
    const effect = l.recordTrade(l.trader(id, e.wallet), e, mcapUsd, this.rules.scalpMaxHoldS * 1000);
    this.book.noteTrade(id, e.at);
    if (this.kolIds.has(id)) this.emitKolTrade(e, l, effect, mcapUsd);
  }

  private emitKolTrade(
    e: CurveTradeEvent | PoolTradeEvent,
    l: LaunchState,
    effect: TradeEffect,
    mcapUsd: number,
  ): void {
    const t = effect.trader;
    const buy = e.side === 'buy';
    const row: KolTradeRow = {
      id: `${e.signature}:${e.wallet.slice(0, 8)}`,
      wallet: e.wallet,
      mint: l.create.mint,
      side: buy ? 'BUY' : 'SELL',
      sol: e.sol_lamports / 1e9,
      realized_sol: effect.realizedLamports / 1e9,
      roi_pct: buy || effect.costLamports <= 0 ? null : (100 * effect.realizedLamports) / effect.costLamports,
      entry_mcap_usd: buy ? mcapUsd : t.boughtLamports > 0 ? t.entryMcapWeighted / t.boughtLamports : null,
      at: e.at,
    };
    this.sink('kol_trades', row);
  }

  private settleDue(now: number): void {
    const settleMs = this.rules.settleAfterS * 1000;
    while (this.pendingHead < this.pending.length) {
      const l = this.pending[this.pendingHead];
      if (l.migration!.at + settleMs > now) break;
      this.pendingHead++;
      this.settle(l, true);
    }
    // Settled launches leave the queue soon: each holds its traders and pool series until spliced out.
    if (this.pendingHead > 64 && this.pendingHead * 2 > this.pending.length) {
      this.pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
  }

  private settle(l: LaunchState, settled: boolean): void {
    const mint = l.create.mint;
    const analyzedAt = l.migration!.at;
    const n = l.poolAt.length;
    if (settled) {
      const outcome = labelOutcome(
        { analyzedAt, analysisMcapUsd: l.analysisMcapUsd, at: l.poolAt, mcapUsd: l.poolMcap },
        this.rules,
      );
      this.sink('outcomes', { mint, ...outcome });
      this.stats.settled++;
    } else {
      this.stats.unsettled++;
    }
    let peak: number | null = null;
    let trough: number | null = null;
    for (let i = 0; i < n; i++) {
      const m = l.poolMcap[i];
      if (peak === null || m > peak) peak = m;
      if (trough === null || m < trough) trough = m;
    }
    this.sink('paths', {
      mint,
      first_tick_at: n ? l.poolAt[0] : null,
      last_tick_at: n ? l.poolAt[n - 1] : null,
      tick_count: this.writeTicks(l, analyzedAt >= this.options.ticksFrom),
      mcap_latest_usd: n ? l.poolMcap[n - 1] : null,
      price_latest_usd: n ? l.poolPrice[n - 1] : null,
      liquidity_latest_usd: n ? l.poolLiquidity[n - 1] : null,
      mcap_peak_usd: peak,
      mcap_trough_usd: trough,
    });
    const ids = this.rowWalletIds;
    for (const t of l.traders.values()) {
      if (t.buys + t.sells === 0 || (t.seq >= l.curveTraders && !this.kolIds.has(t.id))) continue;
      const row: PositionRow = {
        wallet: t.wallet,
        mint,
        buys: t.buys,
        sells: t.sells,
        bought_sol: t.boughtLamports / 1e9,
        sold_sol: t.soldLamports / 1e9,
        realized_sol: t.realizedLamports / 1e9,
        first_at: t.firstAt,
        last_at: t.lastAt,
      };
      ids[0] = t.id;
      this.sink('positions', row, ids);
    }
    this.launches.delete(mint);
  }

  /** Buckets pool trades into ticks (last trade of each bucket); writes them when kept. Returns the count. */
  private writeTicks(l: LaunchState, write: boolean): number {
    const res = this.rules.tickResolutionS * 1000;
    const start = l.migration!.at;
    let count = 0;
    for (let i = 0; i < l.poolAt.length; i++) {
      const bucket = Math.floor((l.poolAt[i] - start) / res);
      const next = i + 1 < l.poolAt.length ? Math.floor((l.poolAt[i + 1] - start) / res) : -1;
      if (next === bucket) continue;
      count++;
      if (write) {
        this.sink('ticks', {
          mint: l.create.mint,
          at: start + bucket * res,
          price_usd: l.poolPrice[i],
          mcap_usd: l.poolMcap[i],
          liquidity_usd: l.poolLiquidity[i],
        });
      }
    }
    return count;
  }
}
