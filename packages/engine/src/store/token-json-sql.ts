import { DATASET_TABLES } from '../tables/dataset-tables.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table holding each token row as one JSON text, keyed by mint (read by `tokenByMint`). */
export const TOKEN_JSON_TABLE = 'token_json';

/**
 * `SELECT` text giving `(mint, row)` for every `tokens` row: `row` is the whole token as JSON with
 * timestamps as epoch ms, so `JSON.parse(row)` equals the plain row `all()` returns (DuckDB's
 * `to_json` writes doubles so that they parse back exactly: checked on 200k random doubles).
 */
export function tokenJsonSql(): string {
  const fields = DATASET_TABLES.tokens.columns.map(
    (c) => `'${c.name}': ${c.type === 'TIMESTAMP' ? `epoch_ms(${quote(c.name)})` : quote(c.name)}`,
  );
  return `SELECT mint, to_json({${fields.join(', ')}})::VARCHAR AS row FROM tokens`;
}
