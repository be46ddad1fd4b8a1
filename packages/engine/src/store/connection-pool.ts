import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api';
import { type ParamSlot, paramSlots } from './bind-params.js';
import { DatasetError } from './dataset-error.js';

/** A prepared statement with its parameter slots, owned by one pooled connection. */
export interface CachedStatement {
  readonly statement: DuckDBPreparedStatement;
  readonly slots: readonly ParamSlot[];
}

/** A connection checked out of the pool: only its holder uses it and its statements until release. */
export class PooledConnection {
  private readonly statements = new Map<string, CachedStatement>();
  /** Texts run once and not kept (oldest first), at most `cacheSize` of them. */
  private readonly seenOnce = new Set<string>();

  constructor(
    readonly connection: DuckDBConnection,
    private readonly cacheSize: number,
  ) {}

  /**
   * Runs `use` with a prepared statement for `sql` on this connection. A text is kept from its
   * second use on (least recently used evicted beyond the cache size); a text seen for the first
   * time is prepared for this use alone and destroyed after it. SQL with inlined values, such as a
   * cohort's window (it moves every millisecond), is then never kept: kept, each such plan stayed
   * until evicted (≈ 0.7 MB for a cohort, bench/RESULTS.md) and pushed reused statements out.
   */
  async withStatement<T>(sql: string, use: (entry: CachedStatement) => Promise<T>): Promise<T> {
    const kept = this.statements.get(sql);
    if (kept) {
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return use(kept);
    }
    if (this.seenOnce.delete(sql)) return use(await this.keep(sql));
    this.seenOnce.add(sql);
    if (this.seenOnce.size > this.cacheSize) this.seenOnce.delete(this.seenOnce.values().next().value!);
    const statement = await this.connection.prepare(sql);
    try {
      return await use({ statement, slots: paramSlots(statement) });
    } finally {
      statement.destroySync();
    }
  }

  private async keep(sql: string): Promise<CachedStatement> {
    const statement = await this.connection.prepare(sql);
    const entry = { statement, slots: paramSlots(statement) };
    this.statements.set(sql, entry);
    if (this.statements.size > this.cacheSize) {
      const [oldest, evicted] = this.statements.entries().next().value!;
      this.statements.delete(oldest);
      evicted.statement.destroySync();
    }
    return entry;
  }

  close(): void {
    for (const { statement } of this.statements.values()) statement.destroySync();
    this.statements.clear();
    this.connection.closeSync();
  }
}

export interface ConnectionPoolOptions {
  /** Connections in the pool. Default 4. */
  readonly size?: number;
  /** Prepared statements kept per connection (texts used more than once). Default 128. */
  readonly statementCacheSize?: number;
}

/**
 * A fixed set of DuckDB connections handed out one holder at a time, waiters served first come
 * first served. DuckDB must never run one prepared statement from overlapping async calls (it
 * crashed the process under load), so statements live in a per-connection cache and a
 * connection is never shared while checked out.
 */
export class ConnectionPool {
  private readonly idle: PooledConnection[];
  private readonly waiters: Array<(connection: PooledConnection) => void> = [];
  /** Holders plus waiters: `close` waits until it is back to 0. */
  private checkedOut = 0;
  private closed = false;
  private drained: (() => void) | null = null;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly all: readonly PooledConnection[],
  ) {
    this.idle = [...all];
  }

  /** Opens `size` connections on `instance`. */
  static async create(
    instance: DuckDBInstance,
    options: ConnectionPoolOptions = {},
  ): Promise<ConnectionPool> {
    const size = options.size ?? 4;
    const cacheSize = options.statementCacheSize ?? 128;
    const connections: PooledConnection[] = [];
    for (let i = 0; i < size; i++)
      connections.push(new PooledConnection(await instance.connect(), cacheSize));
    return new ConnectionPool(instance, connections);
  }

  get size(): number {
    return this.all.length;
  }

  /** Requests waiting for a connection right now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Runs `task` with a connection of its own and returns the connection afterwards, whatever happens. */
  async use<T>(task: (connection: PooledConnection) => Promise<T>): Promise<T> {
    const connection = await this.checkout();
    try {
      return await task(connection);
    } finally {
      this.release(connection);
    }
  }

  /** Waits for every checkout to end, then closes the connections and the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.checkedOut > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const connection of this.all) connection.close();
    this.instance.closeSync();
  }

  private checkout(): Promise<PooledConnection> {
    if (this.closed) return Promise.reject(new DatasetError('store_closed', 'the dataset store is closed'));
    this.checkedOut++;
    const connection = this.idle.pop();
    if (connection) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(connection: PooledConnection): void {
    this.checkedOut--;
    const next = this.waiters.shift();
    if (next) {
      next(connection);
      return;
    }
    this.idle.push(connection);
    if (this.checkedOut === 0) this.drained?.();
  }
}
