export type DatasetErrorCode =
  | 'dataset_missing'
  | 'dataset_exists'
  | 'manifest_missing'
  | 'manifest_invalid'
  | 'format_unsupported'
  | 'table_missing'
  | 'table_corrupt'
  | 'table_invalid'
  | 'query_failed'
  | 'rows_invalid'
  | 'store_closed';

/**
 * The engine store's error: a dataset that cannot be opened or a query that failed. The message
 * is complete on its own (it names the file or the SQL), so callers may print `message` alone.
 */
export class DatasetError extends Error {
  constructor(
    readonly code: DatasetErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DatasetError';
  }
}
