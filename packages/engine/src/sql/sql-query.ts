import type { SqlParam } from '../store/queryable.js';

/** SQL text and its named `$` parameters, as built by the engine and run by a `Queryable`. */
export interface SqlQuery {
  readonly sql: string;
  readonly params: Readonly<Record<string, SqlParam>>;
}

/**
 * A number written into SQL text. Numbers are inlined rather than bound because DuckDB prunes row
 * groups by constant bounds but not by parameters (measured: a 30-day cohort over 24k tokens ran
 * 2.6 ms inlined, 6.4 ms with bound bounds). Only finite numbers pass, so nothing else can reach
 * the text; strings are always bound.
 */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return String(value);
}

/** An epoch-ms moment written into SQL text as a TIMESTAMP. */
export function sqlTimestamp(ms: number): string {
  if (!Number.isSafeInteger(ms)) throw new RangeError(`not a whole epoch-ms moment: ${ms}`);
  return `epoch_ms(${ms})`;
}
