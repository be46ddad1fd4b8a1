import type { EventHeader } from '../events/chain-event.js';
import type { DecodeResult } from './decode-result.js';
import type { DecodeWarning, DecodeWarningCode } from './decode-warning.js';
import { eventsFromLogData } from './logs/decode-frame-events.js';
import { parseLogFrames } from './logs/parse-log-frames.js';
import type { Invocation } from './map/invocation.js';
import { InvocationMapper } from './map/map-invocations.js';

/** What a log notification does not carry; `err` is the notification's error (non-null = failed transaction). */
export interface DecodeLogsHeader extends Partial<Omit<EventHeader, 'signature'>> {
  readonly err?: unknown;
}

const EMPTY: readonly never[] = [];
const NO_TOKENS = new Map();
/** Shared by frames without children (most of them); replaced, never pushed to. */
const NO_CHILDREN: number[] = [];

/**
 * Decodes the logs of a `logsSubscribe` notification. Only what events carry is available: pump.fun creates,
 * curve trades and PumpSwap migrations become ChainEvents; PumpSwap, LaunchLab and Raydium need the
 * transaction's accounts (use `decodeTransaction`) and appear as records only.
 */
export function decodeLogs(
  signature: string,
  logs: readonly string[],
  header: DecodeLogsHeader = {},
): DecodeResult {
  if (header.err !== undefined && header.err !== null) {
    return { events: EMPTY, records: EMPTY, warnings: EMPTY, failed: true };
  }
  const warnings: DecodeWarning[] = [];
  const warn = (code: DecodeWarningCode, program: string | null, detail: string) =>
    warnings.push({ code, signature, program, detail });
  if (!Array.isArray(logs)) {
    warn('malformed_transaction', null, 'logs are not an array');
    return { events: EMPTY, records: EMPTY, warnings, failed: false };
  }
  const parse = parseLogFrames(logs);
  if (parse.truncated) warn('log_truncated', null, 'log messages were truncated');
  if (parse.unattributed > 0)
    warn('log_mismatch', null, `${parse.unattributed} Program data lines outside a frame`);
  const frames = parse.frames;
  const children: number[][] = new Array(frames.length).fill(NO_CHILDREN);
  for (let i = 0; i < frames.length; i++) {
    const p = frames[i]!.parent;
    if (p < 0) continue;
    if (children[p] === NO_CHILDREN) children[p] = [i];
    else children[p]!.push(i);
  }
  const invocations: Invocation[] = new Array(frames.length);
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i]!;
    invocations[i] = {
      programId: frame.programId,
      accounts: EMPTY,
      data: null,
      parsed: null,
      parent: frame.parent,
      children: children[i]!,
      insideTrade: false,
      events:
        frame.data.length === 0
          ? EMPTY
          : eventsFromLogData(frame.programId, frame.data, warn).map((e) => e.sourced),
      rayLogs: frame.rayLogs,
      carrier: false,
    };
  }
  const full: EventHeader = {
    slot: header.slot ?? 0,
    tx_index: header.tx_index ?? 0,
    at: header.at ?? 0,
    signature,
    signer: header.signer ?? '',
    fee_lamports: header.fee_lamports ?? 0,
  };
  const mapper = new InvocationMapper(invocations, full, NO_TOKENS).run();
  warnings.push(...mapper.warnings);
  return { events: mapper.events, records: mapper.records, warnings, failed: false };
}
