import type { HolderRow, KolRow, KolTradeRow, Manifest, Queryable, TokenRow } from '@launchlens/engine';
import type { TableName } from '@launchlens/engine/internal';
import { LruCache } from '@launchlens/engine/internal';
import type { TableRows } from '@launchlens/engine/store';
import type { ChainEvent } from '@launchlens/indexer';
import type { Logger } from 'pino';
import type { RiskContext } from '../risk/risk-context.js';
import { screenRecordOf } from '../risk/screen-record-of.js';
import { verdictsOf } from '../risk/verdicts-of.js';
import type { TrackRecord } from '../track-record/track-record.js';
import { type EventLog, isRowsStream, type NewEvent, type RowsStream } from './event-log.js';
import { kolTradeEventOf } from './kol-trade-event-of.js';
import { migrationEventOf } from './migration-event-of.js';
import { type AppendedRows, rowsEventsOf } from './rows-events-of.js';
import { rowsStreamOf } from './rows-stream-of.js';
import { walletEventOf } from './wallet-event-of.js';

/** The store the live feed writes to: queries plus the append path (`DatasetStore`). */
export interface LiveStore extends Queryable {
  appendRows<N extends TableName>(table: N, rows: readonly TableRows[N][]): Promise<number>;
}

export interface LiveIngestOptions {
  readonly store: LiveStore;
  readonly log: EventLog;
  /** Its `current_through` advances as the feed writes (the server's manifest object). */
  readonly manifest: Manifest;
  readonly risk?: RiskContext;
  readonly kols: readonly KolRow[];
  readonly logger: Logger;
  readonly now: () => number;
  /** Launches analysed before this moment are already in the history (or never will be): not written. */
  readonly publishFrom: number;
  /**
   * What chain events up to this moment caused is in the store already (a folded base, or rows
   * caught up from the log's rows stream): rows they cause are not written again (`noteEvent`).
   * Default: none.
   */
  readonly writtenThrough?: number;
  /** Each new token's verdict is committed here before its `migration` event is published. */
  readonly trackRecord?: TrackRecord;
  /** The wall clock of `published_at` (default `Date.now`; the feed's `now` may run behind it). */
  readonly wallNow?: () => number;
}

/** Tables written before `tokens`, so a token is never visible without its holders and edges. */
const BEFORE_TOKENS = ['holders', 'edges', 'positions', 'outcomes', 'paths', 'ticks', 'kol_trades'] as const;
type Buffered = (typeof BEFORE_TOKENS)[number] | 'tokens';
const MAX_SYMBOLS = 50_000;

/**
 * Takes the snapshot builder's rows, appends them to the store (the historical Parquet stays as it
 * is) and publishes the events of each flush: a `migration` per new token with its verdict, a
 * `wallet` per holder row of it, a `kol_trade` per KOL trade, and the rows it appended (the
 * dataset's rows stream, `rowsEventsOf`) from which followers build the same delta; all in one
 * append, so a crash leaves a flush wholly logged or not at all. Flushes run one at a time, in order.
 */
export class LiveIngest {
  private rows = new Map<Buffered, object[]>();
  private readonly dropped = new Set<string>();
  private readonly symbols = new LruCache<string, string | null>(MAX_SYMBOLS);
  private readonly kols: Map<string, KolRow>;
  private chain: Promise<void> = Promise.resolve();
  /** The time of the chain event the builder is handling (`noteEvent`). */
  private eventAt = Number.POSITIVE_INFINITY;
  /** The `through` of the last rows event: each one's is later, so followers find their place by time. */
  private rowsThrough: number;
  private readonly rowsStream: RowsStream;
  /** Tokens and stream events written so far. */
  readonly written = { tokens: 0, events: 0 };

  constructor(private readonly options: LiveIngestOptions) {
    this.kols = new Map(options.kols.map((k) => [k.wallet, k]));
    this.rowsThrough = options.writtenThrough ?? Number.NEGATIVE_INFINITY;
    this.rowsStream = rowsStreamOf(options.manifest);
  }

  /** Called with each chain event before the builder gets it: its time, and a launch's symbol (KOL trades before its migration carry it). */
  noteEvent(e: ChainEvent): void {
    this.eventAt = e.at;
    if (e.kind === 'create') this.symbols.set(e.mint, e.symbol);
  }

  /** The builder's row sink. */
  readonly sink = (table: TableName, row: object): void => {
    const mint = (row as { mint?: string }).mint;
    if (table === 'tokens') {
      const t = row as TokenRow;
      if (t.analyzed_at < this.options.publishFrom) {
        this.dropped.add(t.mint);
        return;
      }
    } else if (table === 'kol_trades') {
      if ((row as KolTradeRow).at < this.options.publishFrom) return;
    } else if (!(BEFORE_TOKENS as readonly string[]).includes(table)) {
      return;
    }
    if (mint !== undefined && this.dropped.has(mint)) return;
    // After the history's launches are told apart: a launch written before may still settle now.
    if (this.eventAt <= (this.options.writtenThrough ?? Number.NEGATIVE_INFINITY)) return;
    let list = this.rows.get(table as Buffered);
    if (!list) {
      list = [];
      this.rows.set(table as Buffered, list);
    }
    list.push(row);
  };

  /** Writes what the builder produced so far; `through` is the moment the feed has replayed up to. */
  flush(through: number): Promise<void> {
    const rows = this.rows;
    this.rows = new Map();
    this.chain = this.chain.then(() => this.write(rows, through));
    return this.chain;
  }

  private async write(rows: Map<Buffered, object[]>, through: number): Promise<void> {
    const { store, log, manifest, logger } = this.options;
    const appended: AppendedRows[] = [];
    let events: NewEvent[] = [];
    try {
      for (const table of [...BEFORE_TOKENS, 'tokens'] as const) {
        const list = rows.get(table);
        if (!list?.length) continue;
        await store.appendRows(table, list as TableRows[typeof table][]);
        appended.push({ table, rows: list });
      }
      const tokens = (rows.get('tokens') ?? []) as TokenRow[];
      events = await this.eventsOf(tokens, (rows.get('holders') ?? []) as HolderRow[], rows);
      this.written.tokens += tokens.length;
    } catch (error) {
      logger.error({ err: error }, 'live feed: writing a batch failed; its rows are lost');
    }
    // What this store appended, even of a batch that failed half-way, so followers hold the same.
    const rowsThrough = Math.max(through, this.rowsThrough + 1);
    const rowsEvents = appended.length > 0 ? rowsEventsOf(rowsThrough, this.rowsStream, appended) : [];
    if (rowsEvents.length > 0) this.rowsThrough = rowsThrough;
    if (events.length > 0 || rowsEvents.length > 0) {
      try {
        const added = await log.append([...events, ...rowsEvents]);
        this.written.events += added.filter((e) => !isRowsStream(e.stream)).length;
      } catch (error) {
        logger.error({ err: error }, 'live feed: logging a batch failed; streams and followers miss it');
      }
    }
    const at = new Date(through).toISOString();
    if (at > manifest.current_through) manifest.current_through = at;
  }

  private async eventsOf(
    tokens: readonly TokenRow[],
    holders: readonly HolderRow[],
    rows: Map<Buffered, object[]>,
  ): Promise<NewEvent[]> {
    const { store, risk, now } = this.options;
    const events: NewEvent[] = [];
    const asOf = now();
    const verdicts = risk && tokens.length > 0 ? await verdictsOf(store, risk, tokens, asOf) : [];
    const { trackRecord } = this.options;
    if (risk && trackRecord && tokens.length > 0) {
      // The same records (cached by `verdictsOf` for this `asOf`) the events below carry.
      const records = await Promise.all(tokens.map((t) => screenRecordOf(store, risk, t.mint, asOf)));
      const shown = records.filter((r) => r !== null);
      await trackRecord.publishAll(shown, 'live_feed', (this.options.wallNow ?? Date.now)());
    }
    const byMint = new Map(tokens.map((t) => [t.mint, t]));
    tokens.forEach((t, i) => {
      events.push({
        stream: 'migrations',
        key: t.mint,
        at: t.analyzed_at,
        payload: migrationEventOf(t, verdicts[i] ?? null),
      });
    });
    for (const h of holders) {
      const t = byMint.get(h.mint);
      if (t)
        events.push({
          stream: 'wallets',
          key: `${h.mint}:${h.wallet}`,
          at: t.analyzed_at,
          payload: walletEventOf(t, h),
        });
    }
    for (const trade of (rows.get('kol_trades') ?? []) as KolTradeRow[]) {
      events.push({
        stream: 'kols',
        key: trade.id,
        at: trade.at,
        payload: kolTradeEventOf(trade, this.kols.get(trade.wallet), this.symbols.get(trade.mint) ?? null),
      });
    }
    return events.sort((a, b) => a.at - b.at);
  }
}
