import type { TableName } from '@launchlens/engine/internal';

/**
 * The address columns of each table whose rows the builder emits with their wallets' `WalletBook`
 * ids (`RowSink`), in the order of the ids; a null address has id -1. A writer can key the
 * strings by these ids instead of hashing them (`TableWriter.append`).
 */
export const WALLET_ID_COLUMNS = {
  holders: ['wallet', 'funder'],
  positions: ['wallet'],
  funders: ['wallet', 'funder'],
} as const satisfies Partial<Record<TableName, readonly string[]>>;
