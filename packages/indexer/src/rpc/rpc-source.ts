import { decodeLogs } from '../decode/decode-logs.js';
import { decodeTransaction } from '../decode/decode-transaction.js';
import type { ChainEvent, MigrationEvent } from '../events/chain-event.js';
import { PROGRAMS } from '../events/programs.js';
import { BlockOrder } from './block-order.js';
import { captureHolders, type HolderCapture } from './capture-holders.js';
import { fetchTransaction } from './fetch-transaction.js';
import {
  DEFAULT_FUNDING_BUDGET,
  type FundingBudget,
  type FundingLookup,
  findFirstFunding,
} from './find-first-funding.js';
import { listSignatures } from './list-signatures.js';
import { ReorderBuffer } from './reorder-buffer.js';
import type { RpcClient } from './rpc-client.js';
import { RpcSourceStats } from './rpc-source-stats.js';
import { Semaphore } from './semaphore.js';
import { trimOldest } from './trim-oldest.js';

export interface RpcSourceOptions {
  readonly client: RpcClient;
  /** Launch programs: their notifications advance the per-program cursor. */
  readonly programs: readonly string[];
  /** Receives events ordered by (slot, tx_index) within what the reorder buffer holds. */
  readonly emit: (event: ChainEvent) => void;
  /** Slots the reorder buffer waits behind the newest before releasing (default 2). */
  readonly lagSlots?: number;
  /** Release everything buffered after this long without a notification (default 1500 ms). */
  readonly idleFlushMs?: number;
  /** Transactions loaded at once (default 4). */
  readonly concurrency?: number;
  /** Wallets per launch whose first funding is looked up (default 100; 0 turns lookups off). */
  readonly fundingWalletsPerLaunch?: number;
  readonly fundingBudget?: FundingBudget;
  /** Token accounts read at each migration for a cross-check (default `largest`). */
  readonly holders?: 'largest' | 'program_accounts' | 'off';
  readonly onHolders?: (capture: HolderCapture, migration: MigrationEvent) => void;
  readonly onMigration?: (migration: MigrationEvent) => void;
  /** Launches never emitted (written by an earlier run). */
  readonly skipMints?: ReadonlySet<string>;
  /** Read each slot's transaction order with `getBlock` (default true); off: arrival order, tx_index 0. */
  readonly blockOrder?: boolean;
}

/** Where a signature came from: a program's subscription or catch-up, a mint backfill, a followed pool. */
export interface SourceNote {
  readonly source: string;
  readonly slot: number;
  readonly signature: string;
  readonly err: unknown;
  /** The notification's logs, when it came from a subscription. */
  readonly logs?: readonly string[];
}

interface Loaded {
  readonly txIndex: number | null;
  readonly events: readonly ChainEvent[];
}

interface Entry {
  readonly note: SourceNote;
  readonly seq: number;
  readonly loaded: Promise<Loaded | null>;
}

/** How many signatures, wallets and transfers are remembered (duplicates, lookups done); the oldest are forgotten. */
const REMEMBER = 200_000;
/** How many launches are remembered (tracked, migrated); older ones count as untracked. */
const LAUNCHES = 100_000;

/**
 * The RPC source: signatures in (log notifications, catch-up, backfill), `ChainEvent`s out in chain order.
 * Each signature → `getTransaction` → `decodeTransaction`; a launch's traders get a first-funding lookup
 * before their first trade is released; each migration triggers a holder capture.
 */
export class RpcSource {
  readonly stats = new RpcSourceStats();
  private readonly buffer: ReorderBuffer<Entry>;
  private readonly loading: Semaphore;
  private readonly order: BlockOrder | null;
  private readonly seen = new Set<string>();
  private seq = 0;
  /** Mints whose create was decoded (load time) / released (emit time). */
  private readonly known = new Set<string>();
  private readonly tracked = new Set<string>();
  private readonly migrated = new Set<string>();
  private readonly fundingLeft = new Map<string, number>();
  private readonly lookups = new Map<string, Promise<FundingLookup | null>>();
  private readonly funded = new Set<string>();
  private readonly emittedTransfers = new Set<string>();
  private readonly captures = new Set<Promise<void>>();
  private readonly cursor = new Map<string, { slot: number; signature: string }>();
  private releasing: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private failure: unknown = null;

  constructor(private readonly options: RpcSourceOptions) {
    this.buffer = new ReorderBuffer(options.lagSlots ?? 2);
    this.loading = new Semaphore(options.concurrency ?? 4);
    this.order = options.blockOrder === false ? null : new BlockOrder(options.client);
  }

  /** Queues one signature; its transaction is fetched at once and released in order later. */
  ingest(note: SourceNote): void {
    this.stats.notifications++;
    if (this.seen.has(note.signature)) {
      this.stats.duplicates++;
      return;
    }
    this.seen.add(note.signature);
    trimOldest(this.seen, REMEMBER);
    const failed = note.err !== null && note.err !== undefined;
    if (failed) this.stats.failedTx++;
    const filtered = !failed && this.untrackedByLogs(note);
    if (filtered) this.stats.filtered++;
    const loaded = failed || filtered ? Promise.resolve(null) : this.loading.run(() => this.load(note));
    this.buffer.add(note.slot, { note, seq: this.seq++, loaded });
    this.schedule(false);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.schedule(true), this.options.idleFlushMs ?? 1500);
    this.idleTimer.unref();
  }

  /** Backfills a mint's history from its create (oldest first) through `getSignaturesForAddress`. */
  async backfillMint(mint: string, maxPages = 20): Promise<boolean> {
    const list = await listSignatures(this.options.client, mint, { maxPages });
    this.stats.malformedResponses += list.malformed;
    if (!list.complete) this.stats.gaps++;
    for (let i = list.signatures.length - 1; i >= 0; i--) {
      const s = list.signatures[i]!;
      this.ingest({ source: `mint:${mint}`, slot: s.slot, signature: s.signature, err: s.err ?? null });
    }
    return list.complete;
  }

  /** Reads a program's signatures newer than `until` or at/after `minSlot` and ingests them oldest first. */
  async catchUp(
    program: string,
    options: { readonly until?: string; readonly minSlot?: number; readonly maxPages: number },
  ): Promise<boolean> {
    const list = await listSignatures(this.options.client, program, options);
    this.stats.malformedResponses += list.malformed;
    if (!list.complete) this.stats.gaps++;
    for (let i = list.signatures.length - 1; i >= 0; i--) {
      const s = list.signatures[i]!;
      this.ingest({ source: program, slot: s.slot, signature: s.signature, err: s.err ?? null });
    }
    return list.complete;
  }

  /** Releases everything buffered and waits for holder captures; rethrows what the consumer threw. */
  async drain(): Promise<void> {
    this.schedule(true);
    await this.releasing;
    while (this.captures.size > 0) await Promise.all([...this.captures]);
    if (this.failure !== null) throw this.failure;
  }

  /** Stops the idle timer; buffered signatures are dropped unless `drain` ran. */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
  }

  get pending(): number {
    return this.buffer.size;
  }

  /** Last released signature of each launch program. */
  programCursor(): Record<string, { slot: number; signature: string }> {
    return Object.fromEntries(this.cursor);
  }

  /** Whether this source saw the launch created. */
  hasLaunch(mint: string): boolean {
    return this.tracked.has(mint);
  }

  /** Tracked launches that have not migrated. */
  openMints(): string[] {
    return [...this.tracked].filter((m) => !this.migrated.has(m));
  }

  /**
   * A pump.fun notification whose logs hold only trades or migrations of launches this source does not
   * follow needs no `getTransaction` (most of mainnet's pump.fun traffic); a create in the logs is noted.
   */
  private untrackedByLogs(note: SourceNote): boolean {
    if (note.logs === undefined || note.source !== PROGRAMS.pumpfun) return false;
    const { events } = decodeLogs(note.signature, note.logs);
    if (events.length === 0) return false;
    let untracked = true;
    for (const e of events) {
      if (e.kind === 'create') {
        if (!this.options.skipMints?.has(e.mint)) this.know(e.mint);
        untracked = false;
      } else if (!(e.kind === 'curve_trade' || e.kind === 'migration') || this.known.has(e.mint))
        untracked = false;
    }
    return untracked;
  }

  private know(mint: string): void {
    this.known.add(mint);
    trimOldest(this.known, LAUNCHES);
  }

  private schedule(all: boolean): void {
    this.releasing = this.releasing
      .then(() => this.release(all))
      .catch((e) => {
        this.failure ??= e;
      });
  }

  private async load(note: SourceNote): Promise<Loaded | null> {
    let fetched: Awaited<ReturnType<typeof fetchTransaction>>;
    try {
      fetched = await fetchTransaction(this.options.client, note.signature);
    } catch {
      this.stats.fetchErrors++;
      return null;
    }
    if (fetched.kind === 'missing') {
      this.stats.missingTx++;
      return null;
    }
    if (fetched.kind === 'malformed') {
      this.stats.malformedResponses++;
      return null;
    }
    const out = decodeTransaction(fetched.tx);
    this.stats.countWarnings(out.warnings);
    if (out.failed) {
      this.stats.failedTx++;
      return null;
    }
    let relevant = false;
    for (const e of out.events) {
      if (e.kind === 'create' && !this.options.skipMints?.has(e.mint)) {
        this.know(e.mint);
        this.prefetch(e.mint, e.creator);
      }
      if ('mint' in e && this.known.has(e.mint)) relevant = true;
    }
    for (const e of out.events)
      if (e.kind === 'curve_trade' && this.known.has(e.mint)) this.prefetch(e.mint, e.wallet);
    let txIndex: number | null = null;
    if (relevant && this.order !== null) {
      txIndex = await this.order.txIndex(note.slot, note.signature);
      if (txIndex === null) this.stats.txIndexUnknown++;
    }
    const events = txIndex === null ? out.events : out.events.map((e) => ({ ...e, tx_index: txIndex }));
    return { txIndex, events };
  }

  private async release(all: boolean): Promise<void> {
    if (this.failure !== null) return;
    this.stats.late = this.buffer.late;
    for (const { items } of this.buffer.take(all)) {
      const loaded = await Promise.all(items.map((i) => i.loaded));
      const order = items
        .map((entry, k) => ({ entry, loaded: loaded[k] ?? null }))
        .sort(
          (a, b) =>
            (a.loaded?.txIndex ?? Number.MAX_SAFE_INTEGER) - (b.loaded?.txIndex ?? Number.MAX_SAFE_INTEGER) ||
            a.entry.seq - b.entry.seq,
        );
      for (const { entry, loaded: l } of order) {
        if (l !== null) for (const e of l.events) await this.handle(e);
        if (this.options.programs.includes(entry.note.source)) {
          this.cursor.set(entry.note.source, { slot: entry.note.slot, signature: entry.note.signature });
        }
      }
    }
  }

  private async handle(e: ChainEvent): Promise<void> {
    if (e.kind === 'sol_transfer') {
      this.emitTransfer(e);
      return;
    }
    if (this.options.skipMints?.has(e.mint)) {
      this.stats.skippedWritten++;
      return;
    }
    if (e.kind === 'create') {
      if (this.tracked.has(e.mint)) return;
      this.tracked.add(e.mint);
      trimOldest(this.tracked, LAUNCHES);
      this.know(e.mint);
      this.stats.launches++;
      await this.fund(e.mint, e.creator);
    } else if (!this.tracked.has(e.mint) || (e.kind === 'pool_trade' && !this.migrated.has(e.mint))) {
      this.stats.untracked++;
      return;
    } else if (e.kind === 'curve_trade') await this.fund(e.mint, e.wallet);
    this.stats.events++;
    this.options.emit(e);
    if (e.kind === 'migration' && !this.migrated.has(e.mint)) {
      this.migrated.add(e.mint);
      trimOldest(this.migrated, LAUNCHES);
      this.stats.migrations++;
      this.options.onMigration?.(e);
      this.capture(e);
    }
  }

  private emitTransfer(e: Extract<ChainEvent, { kind: 'sol_transfer' }>): void {
    const key = `${e.signature}:${e.from}:${e.to}:${e.lamports}`;
    if (this.emittedTransfers.has(key)) return;
    this.emittedTransfers.add(key);
    trimOldest(this.emittedTransfers, REMEMBER);
    this.stats.events++;
    this.options.emit(e);
  }

  private prefetch(mint: string, wallet: string): Promise<FundingLookup | null> | null {
    const existing = this.lookups.get(wallet);
    if (existing) return existing;
    const left = this.fundingLeft.get(mint) ?? this.options.fundingWalletsPerLaunch ?? 100;
    if (left <= 0) {
      this.fundingLeft.set(mint, 0);
      return null;
    }
    this.fundingLeft.set(mint, left - 1);
    trimOldest(this.fundingLeft, LAUNCHES);
    const lookup = findFirstFunding(
      this.options.client,
      wallet,
      this.options.fundingBudget ?? DEFAULT_FUNDING_BUDGET,
    ).catch(() => null);
    this.lookups.set(wallet, lookup);
    trimOldest(this.lookups, REMEMBER);
    return lookup;
  }

  /** Emits a wallet's first funding (once per wallet) before the event that needs it. */
  private async fund(mint: string, wallet: string): Promise<void> {
    if (this.funded.has(wallet)) return;
    const lookup = this.prefetch(mint, wallet);
    if (lookup === null) {
      this.stats.funding.over_budget++;
      this.funded.add(wallet);
      return;
    }
    const result = await lookup;
    if (this.funded.has(wallet)) return;
    this.funded.add(wallet);
    trimOldest(this.funded, REMEMBER);
    if (result === null) this.stats.funding.failed++;
    else {
      this.stats.funding[result.kind]++;
      if (result.kind === 'found') this.emitTransfer(result.event);
    }
  }

  private capture(migration: MigrationEvent): void {
    const method = this.options.holders ?? 'largest';
    if (method === 'off') return;
    const task = captureHolders(this.options.client, migration.mint, method)
      .then((capture) => {
        this.stats.holderCaptures[capture.kind]++;
        this.options.onHolders?.(capture, migration);
      })
      .catch(() => {
        this.stats.holderCaptures.failed++;
      })
      .finally(() => this.captures.delete(task));
    this.captures.add(task);
  }
}
