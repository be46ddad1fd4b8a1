import type { ChainEvent } from '../events/chain-event.js';
import type { DecodeWarning } from './decode-warning.js';
import type { DecodedRecord } from './decoded-record.js';

/** ChainEvents of one transaction (or log notification), the typed records behind them, and what was skipped. */
export interface DecodeResult {
  readonly events: readonly ChainEvent[];
  readonly warnings: readonly DecodeWarning[];
  readonly records: readonly DecodedRecord[];
  /** The transaction failed on chain (`meta.err` / `err` not null): nothing is decoded from it. */
  readonly failed: boolean;
}
