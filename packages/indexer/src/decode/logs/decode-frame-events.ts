import type { DecodeWarningCode } from '../decode-warning.js';
import { decodeBase58 } from '../encoding/decode-base58.js';
import { decodeBase64 } from '../encoding/decode-base64.js';
import { anchorIndex } from '../layout/anchor-programs.js';
import type { SourcedEvent } from '../map/invocation.js';
import { decodeProgramEvent } from './decode-program-event.js';

/** Anchor's `EVENT_IX_TAG` (u64 0x1d9acb512ea545e4, little-endian): the first 8 bytes of a self-CPI event instruction. */
const EVENT_IX_TAG = [0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d];

type Warn = (code: DecodeWarningCode, program: string, detail: string) => void;

/** A decoded event and the base64 of its bytes, so a log copy and a self-CPI copy of one event can be matched. */
export interface KeyedEvent {
  readonly sourced: SourcedEvent;
  readonly key: string;
}

function payloadOf(text: string): Uint8Array | null {
  if (text.indexOf(' ') < 0) return decodeBase64(text);
  const parts: Uint8Array[] = [];
  for (const chunk of text.split(' ')) {
    const bytes = decodeBase64(chunk);
    if (bytes === null) return null;
    parts.push(bytes);
  }
  return Buffer.concat(parts);
}

/** Decodes one program's `Program data:` payloads; failures become warnings. Programs without an IDL here are ignored. */
export function eventsFromLogData(programId: string, payloads: readonly string[], warn: Warn): KeyedEvent[] {
  const out: KeyedEvent[] = [];
  if (payloads.length === 0 || anchorIndex(programId) === undefined) return out;
  for (const text of payloads) {
    const bytes = payloadOf(text);
    if (bytes === null) {
      warn('bad_base64', programId, `Program data: ${text.slice(0, 24)}…`);
      continue;
    }
    const decoded = decodeProgramEvent(programId, bytes);
    if (decoded.ok) out.push({ sourced: { event: decoded.value, source: 'log' }, key: text });
    else warn(decoded.code, programId, decoded.detail);
  }
  return out;
}

/** Decodes a self-CPI event instruction's base58 data; `not_event` when it does not start with `EVENT_IX_TAG`. */
export function eventFromCpiData(
  programId: string,
  data: string,
  warn: Warn,
): KeyedEvent | null | 'not_event' {
  const bytes = decodeBase58(data);
  if (bytes === null) {
    warn('bad_base58', programId, 'self-CPI event data');
    return null;
  }
  for (let k = 0; k < 8; k++) if (bytes[k] !== EVENT_IX_TAG[k]) return 'not_event';
  const body = bytes.subarray(8);
  const decoded = decodeProgramEvent(programId, body);
  if (!decoded.ok) {
    warn(decoded.code, programId, decoded.detail);
    return null;
  }
  return { sourced: { event: decoded.value, source: 'cpi' }, key: Buffer.from(body).toString('base64') };
}

/** Self-CPI events first, then log events that no self-CPI copy matched (one event can appear both ways). */
export function mergeEvents(cpi: readonly KeyedEvent[], log: readonly KeyedEvent[]): SourcedEvent[] {
  if (cpi.length === 0) return log.map((e) => e.sourced);
  const unmatched = new Map<string, number>();
  for (const e of cpi) unmatched.set(e.key, (unmatched.get(e.key) ?? 0) + 1);
  const out = cpi.map((e) => e.sourced);
  for (const e of log) {
    const n = unmatched.get(e.key) ?? 0;
    if (n > 0) unmatched.set(e.key, n - 1);
    else out.push(e.sourced);
  }
  return out;
}
