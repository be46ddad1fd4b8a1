import type { z } from 'zod';
import { EdgeRow } from './edge-row.js';
import { FunderRow } from './funder-row.js';
import { HolderRow } from './holder-row.js';
import { KnownWalletRow } from './known-wallet-row.js';
import { KolRow } from './kol-row.js';
import { KolTradeRow } from './kol-trade-row.js';
import { OracleRow } from './oracle-row.js';
import { OutcomeRow } from './outcome-row.js';
import { PathRow } from './path-row.js';
import { PositionRow } from './position-row.js';
import { type SqlColumn, sqlColumnsOf } from './sql-columns.js';
import { TickRow } from './tick-row.js';
import { TokenRow } from './token-row.js';

export interface TableSpec {
  readonly name: string;
  readonly schema: z.ZodObject;
  readonly columns: readonly SqlColumn[];
  /**
   * Columns the writer sorts by, so files are byte-identical for the same rows. Wallet-keyed tables
   * sort by wallet first: the stored wallet ids then only grow (address ids follow address order,
   * so sorting by id is sorting by address) and compress to ≈ 1 byte a row. The store loads tables
   * into memory in file order.
   */
  readonly sortBy: readonly string[];
  /**
   * Solana address columns stored in the Parquet file as INTEGER ids into `addresses.parquet`
   * (`ADDRESS_TABLE`); the store joins them back to strings on load. Wallet-keyed tables carry
   * ≈ 1 M distinct random 44-character addresses, ≈ 34 MB per table at 24k launches; stored once
   * instead of in every table (datasets/README.md, docs/decisions.md).
   */
  readonly addressColumns: readonly string[];
  /** Public tables are what the engine reads; `oracle` is the simulator's hidden truth. */
  readonly public: boolean;
}

function spec(
  name: string,
  schema: z.ZodObject,
  sortBy: string[],
  addressColumns: string[] = [],
  isPublic = true,
): TableSpec {
  return { name, schema, columns: sqlColumnsOf(schema), sortBy, addressColumns, public: isPublic };
}

/** Every table of a dataset (DESIGN §3), in the order they are written. */
export const DATASET_TABLES = {
  tokens: spec('tokens', TokenRow, ['analyzed_at', 'mint']),
  holders: spec('holders', HolderRow, ['wallet', 'mint'], ['wallet', 'mint']),
  edges: spec('edges', EdgeRow, ['mint', 'wallet_a', 'wallet_b', 'kind'], ['mint', 'wallet_a', 'wallet_b']),
  outcomes: spec('outcomes', OutcomeRow, ['mint'], ['mint']),
  ticks: spec('ticks', TickRow, ['mint', 'at']),
  paths: spec('paths', PathRow, ['mint'], ['mint']),
  positions: spec('positions', PositionRow, ['wallet', 'mint'], ['wallet', 'mint']),
  funders: spec('funders', FunderRow, ['wallet'], ['wallet']),
  known_wallets: spec('known_wallets', KnownWalletRow, ['address']),
  kols: spec('kols', KolRow, ['wallet']),
  kol_trades: spec('kol_trades', KolTradeRow, ['at', 'id']),
  oracle: spec('oracle', OracleRow, ['mint'], ['mint'], false),
} as const satisfies Record<string, TableSpec>;

export type TableName = keyof typeof DATASET_TABLES;
export const TABLE_NAMES = Object.keys(DATASET_TABLES) as TableName[];
