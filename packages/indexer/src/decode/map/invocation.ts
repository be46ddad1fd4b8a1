import type { DecodedEvent } from '../layout/anchor-programs.js';

/** One program invocation with what is known of it: accounts and data come from the transaction, events from logs or self-CPI. */
export interface Invocation {
  readonly programId: string;
  /** Empty when only logs are known. */
  readonly accounts: readonly string[];
  /** Base58 instruction data; null when parsed by the node or only logs are known. */
  readonly data: string | null;
  readonly parsed: { readonly type: string; readonly info: Readonly<Record<string, unknown>> } | null;
  readonly parent: number;
  readonly children: readonly number[];
  /** An ancestor is one of the trading programs: its transfers are part of a trade, not between owners. */
  readonly insideTrade: boolean;
  readonly events: readonly SourcedEvent[];
  readonly rayLogs: readonly string[];
  /** A self-CPI that only carries an event of its parent. */
  readonly carrier: boolean;
}

export interface SourcedEvent {
  readonly event: DecodedEvent;
  readonly source: 'log' | 'cpi';
}
