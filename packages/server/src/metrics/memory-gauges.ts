import { Gauge, type Registry } from 'prom-client';

/** What the gauges read DuckDB's memory through: the dataset store (`DatasetStore.all`). */
export interface MemorySource {
  all<T extends object>(sql: string): Promise<T[]>;
}

interface DuckDbMemoryRow {
  readonly tag: string;
  readonly memory_usage_bytes: bigint | number;
  readonly temporary_storage_bytes: bigint | number;
}

/**
 * The process's memory on `/metrics`, read when scraped: its resident set, V8's heap and DuckDB's
 * buffer-managed memory by tag (`duckdb_memory()`: `BASE_TABLE` is the serving store's cached
 * pages, bounded by `DUCKDB_MEMORY_LIMIT`) and what DuckDB spilled to its temp directory. The
 * resident set minus V8's heap minus DuckDB's tags is what neither accounts for (libraries,
 * allocator slack).
 */
export function registerMemoryGauges(registry: Registry, duckdb: MemorySource): void {
  new Gauge({
    name: 'launchlens_process_resident_memory_bytes',
    help: 'Resident set size of the server process',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'launchlens_v8_heap_bytes',
    help: "V8's heap: committed (total), live plus not yet collected (used), and memory outside it held by JS objects such as Buffers (external)",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const { heapTotal, heapUsed, external } = process.memoryUsage();
      this.set({ kind: 'total' }, heapTotal);
      this.set({ kind: 'used' }, heapUsed);
      this.set({ kind: 'external' }, external);
    },
  });
  new Gauge({
    name: 'launchlens_duckdb_memory_bytes',
    help: "DuckDB's buffer-managed memory by tag (duckdb_memory()), in memory or spilled to its temp directory",
    labelNames: ['tag', 'where'],
    registers: [registry],
    async collect() {
      const rows = await duckdb.all<DuckDbMemoryRow>(
        'SELECT tag, memory_usage_bytes, temporary_storage_bytes FROM duckdb_memory()',
      );
      this.reset();
      for (const row of rows) {
        this.set({ tag: row.tag, where: 'memory' }, Number(row.memory_usage_bytes));
        this.set({ tag: row.tag, where: 'temp' }, Number(row.temporary_storage_bytes));
      }
    },
  });
}
