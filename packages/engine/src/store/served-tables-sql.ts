import {
  HOLDER_HISTORY_COLUMNS,
  HOLDER_PRIOR_COLUMNS,
  type IdentitySource,
} from '../identity/identity-index-sql.js';
import { DATASET_TABLES, type TableName } from '../tables/dataset-tables.js';
import { WALLET_POSITION_COLUMNS } from '../wallet/wallet-index-sql.js';
import { ADDRESS_LOOKUP, idsView, MINT_LOOKUP } from './load-addresses-sql.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables a serving build writes from the Parquet ids once the identity index has numbered them,
 * not as it loads the others, so each is written once with what its readers need beside it:
 * - `holders`, in mint order (a token's rows in one row group), with each row's history
 *   (`HOLDER_PRIOR_COLUMNS`); `ix_holder_history` is a view of it (`servedViewsSql`);
 * - `positions`, in wallet order, the order every reader of them asks for (a wallet's positions),
 *   with its token's `analyzed_at`; `ix_wallet_positions` is a view of it.
 * Before, each was written twice: the table in mint order and a copy (at 240k launches 29 M rows
 * with 44-character addresses, 30 s or more each).
 */
export const SERVED_FROM_IDS: ReadonlySet<TableName> = new Set(['holders', 'positions']);

/** The serving build's identity source: the Parquet files' ids (`idsView`), numbered already. */
export const PARQUET_SOURCE: IdentitySource = {
  numbering: [
    `CREATE OR REPLACE TABLE ix_wallet_ids AS
SELECT a.address AS wallet, a.id AS wid FROM ${ADDRESS_LOOKUP} a SEMI JOIN ${idsView('holders')} h ON h.wallet = a.id`,
    `CREATE OR REPLACE TABLE ix_tmp_mint_ids AS
SELECT t.mint, t.analyzed_at, m.id AS mid FROM tokens t JOIN ${MINT_LOOKUP} m ON m.address = t.mint`,
  ],
  holders: `(SELECT wallet AS wid, mint AS mid, is_insider, is_sniper FROM ${idsView('holders')})`,
  positions: `(SELECT wallet AS wid, mint AS mid, last_at, realized_sol FROM ${idsView('positions')})`,
  funders: `(SELECT wallet AS wid, funder, funded_at FROM ${idsView('funders')})`,
};

/** A select list of `spec`'s columns from row alias `row`, its address columns as strings from `w` (wallet) and `m` (mint). */
function columnsWithStrings(table: TableName, row: string): string {
  return DATASET_TABLES[table].columns
    .map((c) =>
      c.name === 'mint'
        ? 'm.address AS mint'
        : c.name === 'wallet'
          ? 'w.address AS wallet'
          : `${row}.${quote(c.name)}`,
    )
    .join(', ');
}

/**
 * `CREATE TABLE` texts of `SERVED_FROM_IDS`, run as the identity index's kept step
 * (`ix_tmp_history_own` holds each holder row's history by number; a holder of a mint that is not a token has none).
 * `mints` names the table mint strings are joined from: `MINT_LOOKUP` (the tokens), or
 * `ADDRESS_LOOKUP` when a row's mint is not a token (none in a built dataset: `loadDatasetTables`
 * says which). Both are sorted by the ids, which sorts them as the strings would.
 */
export function servedTablesSql(mints: string = MINT_LOOKUP): readonly string[] {
  return [
    `CREATE OR REPLACE TABLE holders AS
SELECT ${columnsWithStrings('holders', 'h')}, ${HOLDER_PRIOR_COLUMNS.map((c) => `e.${c}`).join(', ')}
FROM ${idsView('holders')} h
LEFT JOIN ix_tmp_history_own e ON e.wid = h.wallet AND e.mid = h.mint
JOIN ${ADDRESS_LOOKUP} w ON w.id = h.wallet
LEFT JOIN ${mints} m ON m.id = h.mint
ORDER BY h.mint, h.wallet`,
    `CREATE OR REPLACE TABLE positions AS
SELECT ${columnsWithStrings('positions', 'p')}, t.analyzed_at
FROM ${idsView('positions')} p
JOIN ${ADDRESS_LOOKUP} w ON w.id = p.wallet
LEFT JOIN ${mints} m ON m.id = p.mint
LEFT JOIN ix_tmp_mint_ids t ON t.mid = p.mint
ORDER BY p.wallet, p.mint`,
  ];
}

/**
 * Views of the served tables under the identity and wallet indexes' names, with their columns:
 * `from(table)` names the table (`base.main.holders` once attached, `holders` in the build).
 */
export function servedViewsSql(from: (table: TableName) => string): readonly { name: string; sql: string }[] {
  return [
    {
      name: 'ix_holder_history',
      sql: `SELECT ${HOLDER_HISTORY_COLUMNS.join(', ')} FROM ${from('holders')}`,
    },
    {
      name: 'ix_wallet_positions',
      sql: `SELECT ${WALLET_POSITION_COLUMNS.join(', ')} FROM ${from('positions')}`,
    },
  ];
}
