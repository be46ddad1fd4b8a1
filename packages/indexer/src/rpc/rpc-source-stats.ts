import type { DecodeWarning } from '../decode/decode-warning.js';

/** Counters of the RPC source: what came in, what was skipped and why. */
export class RpcSourceStats {
  notifications = 0;
  duplicates = 0;
  /** pump.fun notifications skipped on their logs: trades of launches not followed. */
  filtered = 0;
  /** Transactions that failed on chain (skipped). */
  failedTx = 0;
  /** `getTransaction` answered null. */
  missingTx = 0;
  /** RPC answers whose shape was wrong (skipped). */
  malformedResponses = 0;
  /** Calls that failed after their retries (skipped). */
  fetchErrors = 0;
  decodeWarnings = 0;
  readonly warningsByCode: Record<string, number> = {};
  /** Transactions of tracked launches whose block order could not be read (tx_index left 0). */
  txIndexUnknown = 0;
  /** Catch-ups and backfills cut by their page budget: older history was not read. */
  gaps = 0;
  /** Signatures released after their slot had been released. */
  late = 0;
  launches = 0;
  migrations = 0;
  events = 0;
  /** Events of launches this source did not see created. */
  untracked = 0;
  /** Events of launches written by an earlier run. */
  skippedWritten = 0;
  readonly funding = { found: 0, too_deep: 0, not_found: 0, malformed: 0, failed: 0, over_budget: 0 };
  readonly holderCaptures = { captured: 0, unavailable: 0, failed: 0 };

  countWarnings(warnings: readonly DecodeWarning[]): void {
    this.decodeWarnings += warnings.length;
    for (const w of warnings) this.warningsByCode[w.code] = (this.warningsByCode[w.code] ?? 0) + 1;
  }
}
