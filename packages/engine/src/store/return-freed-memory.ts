/**
 * A DuckDB setting every instance the packages open carries. DuckDB's Linux builds allocate
 * through jemalloc, which keeps the pages a finished operator freed for its next allocation
 * instead of handing them back; with its background threads on (off by default) they go back
 * to the system as they age. Without them, building the 240k serving store held ≈ 0.4 GB more
 * than with them, at the same speed (bench/RESULTS.md). The setting is process-wide, and a no-op
 * where DuckDB is built without jemalloc (macOS, Windows).
 */
export const RETURN_FREED_MEMORY: Readonly<Record<string, string>> = {
  allocator_background_threads: 'true',
};
