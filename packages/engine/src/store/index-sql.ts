import type { TableName } from '../tables/dataset-tables.js';
import { TOKEN_JSON_TABLE, tokenJsonSql } from './token-json-sql.js';

/**
 * Built after the tables are loaded, in order: unique ART indexes on mint (they also stop
 * `appendRows` from adding a token twice) and `token_json`, the lookup copy of `tokens`.
 * `table` names the dataset table a failure is blamed on.
 */
export const INDEX_SQL: readonly { readonly table: TableName; readonly sql: string }[] = [
  { table: 'tokens', sql: 'CREATE UNIQUE INDEX tokens_mint ON tokens (mint)' },
  { table: 'tokens', sql: `CREATE TABLE ${TOKEN_JSON_TABLE} AS ${tokenJsonSql()}` },
  { table: 'tokens', sql: `CREATE UNIQUE INDEX ${TOKEN_JSON_TABLE}_mint ON ${TOKEN_JSON_TABLE} (mint)` },
];
