/** Rows per DuckDB data chunk (DuckDB's standard vector size). */
export const CHUNK_ROWS = 2048;
