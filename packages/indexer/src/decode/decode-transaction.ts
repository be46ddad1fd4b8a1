import type { EventHeader } from '../events/chain-event.js';
import { PROGRAMS } from '../events/programs.js';
import type { DecodeResult } from './decode-result.js';
import type { DecodeWarning, DecodeWarningCode } from './decode-warning.js';
import { anchorIndex } from './layout/anchor-programs.js';
import {
  eventFromCpiData,
  eventsFromLogData,
  type KeyedEvent,
  mergeEvents,
} from './logs/decode-frame-events.js';
import { type LogFrame, parseLogFrames } from './logs/parse-log-frames.js';
import type { Invocation, SourcedEvent } from './map/invocation.js';
import { InvocationMapper } from './map/map-invocations.js';
import { type FlatInstruction, normalizeTransaction } from './normalize-transaction.js';
import type { RpcTransaction, RpcTransactionNotification } from './rpc-transaction.js';

export interface DecodeTransactionOptions {
  /** Position of the transaction in its block, when the caller knows it (getTransaction does not say). */
  readonly tx_index?: number;
}

/** Programs whose inner transfers are part of a trade or migration, not transfers between owners. */
const TRADING = new Set<string>([
  PROGRAMS.pumpfun,
  PROGRAMS.pumpswap,
  PROGRAMS.launchlab,
  PROGRAMS.raydiumAmmV4,
  PROGRAMS.raydiumCpmm,
]);

/** Native precompiles run without an `invoke` log line. */
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);

const EMPTY: readonly never[] = [];
/** Shared by invocations without children (most of them); replaced, never pushed to. */
const NO_CHILDREN: number[] = [];

const sourcedOf = (events: readonly KeyedEvent[]): SourcedEvent[] => events.map((e) => e.sourced);

/** Pairs each log frame with its instruction (the k-th invoke is the k-th flat instruction, precompiles aside). */
function alignFrames(
  instructions: readonly FlatInstruction[],
  frames: readonly LogFrame[],
): (LogFrame | null)[] | null {
  const out: (LogFrame | null)[] = new Array(instructions.length).fill(null);
  let j = 0;
  for (const frame of frames) {
    while (j < instructions.length) {
      const ix = instructions[j]!;
      if (ix.programId === frame.programId && (ix.depth === 0 || ix.depth === frame.depth)) break;
      if (!PRECOMPILES.has(ix.programId)) return null;
      j++;
    }
    if (j >= instructions.length) return null;
    out[j] = frame;
    j++;
  }
  return out;
}

/** Decodes a `getTransaction` result (json or jsonParsed, legacy or v0) or a `transactionNotification` result into ChainEvents. */
export function decodeTransaction(
  tx: RpcTransaction | RpcTransactionNotification,
  options: DecodeTransactionOptions = {},
): DecodeResult {
  const normalized = normalizeTransaction(tx);
  if (!normalized.ok) {
    const signature = (tx as { signature?: unknown })?.signature;
    return {
      events: EMPTY,
      records: EMPTY,
      failed: false,
      warnings: [
        {
          code: normalized.code,
          signature: typeof signature === 'string' ? signature : '',
          program: null,
          detail: normalized.detail,
        },
      ],
    };
  }
  const t = normalized.value;
  if (t.failed) return { events: EMPTY, records: EMPTY, warnings: EMPTY, failed: true };

  const warnings: DecodeWarning[] = [];
  const warn = (code: DecodeWarningCode, program: string | null, detail: string) =>
    warnings.push({ code, signature: t.signature, program, detail });

  const ixs = t.instructions;
  const n = ixs.length;
  let frames: (LogFrame | null)[] | null = null;
  let truncated = false;
  if (t.logs !== null) {
    const parse = parseLogFrames(t.logs);
    truncated = parse.truncated;
    if (truncated) warn('log_truncated', null, 'log messages were truncated');
    frames = alignFrames(ixs, parse.frames);
    if (frames === null)
      warn('log_mismatch', null, `${parse.frames.length} log frames for ${n} instructions`);
  }

  const depth = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const insideTrade = new Uint8Array(n);
  const children: number[][] = new Array(n).fill(NO_CHILDREN);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    const ix = ixs[i]!;
    depth[i] = ix.depth > 0 ? ix.depth : (frames?.[i]?.depth ?? 2);
    if (depth[i] === 1) stack.length = 0;
    else {
      while (stack.length > 0 && depth[stack[stack.length - 1]!]! >= depth[i]!) stack.pop();
      const p = stack.length > 0 ? stack[stack.length - 1]! : -1;
      parent[i] = p;
      if (p >= 0) {
        if (children[p] === NO_CHILDREN) children[p] = [i];
        else children[p]!.push(i);
        insideTrade[i] = insideTrade[p]! || TRADING.has(ixs[p]!.programId) ? 1 : 0;
      }
    }
    stack.push(i);
  }

  const carrier = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (
      p >= 0 &&
      ixs[i]!.programId === ixs[p]!.programId &&
      ixs[i]!.data !== null &&
      anchorIndex(ixs[i]!.programId)
    ) {
      carrier[i] = 1;
    }
  }

  // A carrier's flag is final when it is built: only its parent, built before it, clears the flag.
  const invocations: Invocation[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const ix = ixs[i]!;
    const frame = frames === null ? null : frames[i]!;
    let events: Invocation['events'] = EMPTY;
    if (carrier[i] === 0 && anchorIndex(ix.programId) !== undefined) {
      let carriers = 0;
      for (const c of children[i]!) carriers += carrier[c]!;
      const logData = frame === null ? EMPTY : frame.data;
      const log = eventsFromLogData(ix.programId, logData, warn);
      // A program that both logs and self-CPIs each event: the log copy suffices (base58 is slow to decode).
      if (frame !== null && !truncated && carriers === logData.length) events = sourcedOf(log);
      else {
        const fromCpi: KeyedEvent[] = [];
        for (const c of children[i]!) {
          if (carrier[c] === 0) continue;
          const decoded = eventFromCpiData(ix.programId, ixs[c]!.data!, warn);
          if (decoded === 'not_event') carrier[c] = 0;
          else if (decoded !== null) fromCpi.push(decoded);
        }
        events = mergeEvents(fromCpi, log);
      }
    }
    invocations[i] = {
      programId: ix.programId,
      accounts: ix.accounts,
      data: ix.data,
      parsed: ix.parsed,
      parent: parent[i]!,
      children: children[i]!,
      insideTrade: insideTrade[i] === 1,
      events,
      rayLogs: frame === null ? EMPTY : frame.rayLogs,
      carrier: carrier[i] === 1,
    };
  }

  const header: EventHeader = {
    slot: t.slot,
    tx_index: options.tx_index ?? 0,
    at: t.blockTime === null ? 0 : t.blockTime * 1000,
    signature: t.signature,
    signer: t.accountKeys[0] ?? '',
    fee_lamports: t.fee,
  };
  const mapper = new InvocationMapper(invocations, header, t.tokenAccounts).run();
  warnings.push(...mapper.warnings);
  return { events: mapper.events, records: mapper.records, warnings, failed: false };
}
