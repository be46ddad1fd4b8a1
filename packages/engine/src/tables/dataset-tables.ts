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
   * sort by wallet first: each wallet's rows share one row group, so its 44-character address is
   * stored once in that group's dictionary (holders: 190 → 165 MB at 24k launches). The store loads
   * tables into memory, so file order does not affect lookups.
   */
  readonly sortBy: readonly string[];
  /** Public tables are what the engine reads; `oracle` is the simulator's hidden truth. */
  readonly public: boolean;
}

function spec(name: string, schema: z.ZodObject, sortBy: string[], isPublic = true): TableSpec {
  return { name, schema, columns: sqlColumnsOf(schema), sortBy, public: isPublic };
}

/** Every table of a dataset (DESIGN §3), in the order they are written. */
export const DATASET_TABLES = {
  tokens: spec('tokens', TokenRow, ['analyzed_at', 'mint']),
  holders: spec('holders', HolderRow, ['wallet', 'mint']),
  edges: spec('edges', EdgeRow, ['mint', 'wallet_a', 'wallet_b', 'kind']),
  outcomes: spec('outcomes', OutcomeRow, ['mint']),
  ticks: spec('ticks', TickRow, ['mint', 'at']),
  paths: spec('paths', PathRow, ['mint']),
  positions: spec('positions', PositionRow, ['wallet', 'mint']),
  funders: spec('funders', FunderRow, ['wallet']),
  known_wallets: spec('known_wallets', KnownWalletRow, ['address']),
  kols: spec('kols', KolRow, ['wallet']),
  kol_trades: spec('kol_trades', KolTradeRow, ['at', 'id']),
  oracle: spec('oracle', OracleRow, ['mint'], false),
} as const satisfies Record<string, TableSpec>;

export type TableName = keyof typeof DATASET_TABLES;
export const TABLE_NAMES = Object.keys(DATASET_TABLES) as TableName[];
