import { readU64 } from '../encoding/read-u64.js';

/** A System-program transfer (the only System instructions the decoders map). */
export type SystemInstruction =
  | { readonly type: 'transfer'; readonly from: string; readonly to: string; readonly lamports: bigint }
  | { readonly type: 'other' };

const OTHER: SystemInstruction = { type: 'other' };
const DIGITS = /^\d+$/;

/**
 * Decodes System `Transfer` (tag 2: from, to) and `TransferWithSeed` (tag 11: from, base, to) from raw data
 * (u32 tag, u64 lamports) or the node's `jsonParsed` form; null when the data is too short.
 */
export function decodeSystemInstruction(
  input:
    | { readonly data: Uint8Array; readonly accounts: readonly string[] }
    | { readonly parsed: { readonly type: string; readonly info: Readonly<Record<string, unknown>> } },
): SystemInstruction | null {
  if ('parsed' in input) {
    const { type, info } = input.parsed;
    if (type !== 'transfer' && type !== 'transferWithSeed') return OTHER;
    const lamports = info.lamports;
    const amount =
      typeof lamports === 'number' && Number.isSafeInteger(lamports) && lamports >= 0
        ? BigInt(lamports)
        : typeof lamports === 'string' && DIGITS.test(lamports)
          ? BigInt(lamports)
          : null;
    if (amount === null || typeof info.source !== 'string' || typeof info.destination !== 'string')
      return null;
    return { type: 'transfer', from: info.source, to: info.destination, lamports: amount };
  }
  const { data, accounts } = input;
  if (data.length < 4) return null;
  const tag = (data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24)) >>> 0;
  if (tag !== 2 && tag !== 11) return OTHER;
  const to = tag === 2 ? accounts[1] : accounts[2];
  if (data.length < 12 || accounts[0] === undefined || to === undefined) return null;
  return { type: 'transfer', from: accounts[0], to, lamports: readU64(data, 4) };
}
