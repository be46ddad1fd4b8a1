import type { Layout } from './decode-layout.js';
import { LAUNCHLAB_IDL } from './idl/launchlab-idl.js';
import { PUMP_IDL } from './idl/pump-idl.js';
import { PUMP_SWAP_IDL } from './idl/pump-swap-idl.js';
import { RAYDIUM_CPMM_IDL } from './idl/raydium-cpmm-idl.js';
import type { IdlEntry, InstructionOf, ProgramIdl, RecordOf } from './program-idl.js';

/** The Anchor programs decoded here, keyed like `PROGRAMS`. */
export const ANCHOR_PROGRAMS = {
  pumpfun: PUMP_IDL,
  pumpswap: PUMP_SWAP_IDL,
  launchlab: LAUNCHLAB_IDL,
  raydiumCpmm: RAYDIUM_CPMM_IDL,
} as const;

export type AnchorProgram = keyof typeof ANCHOR_PROGRAMS;
type Idl<P extends AnchorProgram> = (typeof ANCHOR_PROGRAMS)[P];

/** A decoded Anchor event: `fields` is null for events whose layout we do not read. */
export type DecodedEvent = {
  [P in AnchorProgram]: { readonly program: P; readonly trailing_bytes: number } & RecordOf<Idl<P>, 'events'>;
}[AnchorProgram];

/** A decoded Anchor instruction with its accounts named by the IDL; `account_list` keeps them all in order. */
export type DecodedInstruction = {
  [P in AnchorProgram]: {
    readonly program: P;
    readonly trailing_bytes: number;
    readonly account_list: readonly string[];
  } & InstructionOf<Idl<P>>;
}[AnchorProgram];

/** A decoded Anchor account. */
export type DecodedAccount = {
  [P in AnchorProgram]: { readonly program: P; readonly trailing_bytes: number } & RecordOf<
    Idl<P>,
    'accounts'
  >;
}[AnchorProgram];

interface IndexedEntry {
  readonly name: string;
  readonly layout: Layout | undefined;
  readonly accounts: readonly string[] | undefined;
  readonly discriminator: Uint8Array;
}

/** One IDL section by discriminator, looked up from the bytes (no hex string per lookup). */
class EntryTable {
  /** Keyed by the first three bytes, small enough to stay a small integer; the rest is compared. */
  private readonly byPrefix = new Map<number, IndexedEntry[]>();

  constructor(section: Readonly<Record<string, IdlEntry>>) {
    for (const [name, entry] of Object.entries(section)) {
      const discriminator = Uint8Array.from(Buffer.from(entry.discriminator, 'hex'));
      const key = prefixOf(discriminator, 0);
      const list = this.byPrefix.get(key) ?? [];
      list.push({ name, layout: entry.layout, accounts: entry.accounts, discriminator });
      this.byPrefix.set(key, list);
    }
  }

  /** The entry whose discriminator is the 8 bytes at `start` (the caller checks they exist). */
  find(bytes: Uint8Array, start: number): IndexedEntry | undefined {
    const list = this.byPrefix.get(prefixOf(bytes, start));
    if (list === undefined) return undefined;
    for (const entry of list) {
      const d = entry.discriminator;
      let k = 3;
      while (k < 8 && bytes[start + k] === d[k]) k++;
      if (k === 8) return entry;
    }
    return undefined;
  }
}

const prefixOf = (bytes: Uint8Array, start: number): number =>
  bytes[start]! | (bytes[start + 1]! << 8) | (bytes[start + 2]! << 16);

interface ProgramIndex {
  readonly program: AnchorProgram;
  readonly events: EntryTable;
  readonly instructions: EntryTable;
  readonly accounts: EntryTable;
}

const INDEX = new Map<string, ProgramIndex>(
  (Object.entries(ANCHOR_PROGRAMS) as [AnchorProgram, ProgramIdl][]).map(([program, idl]) => [
    idl.programId,
    {
      program,
      events: new EntryTable(idl.events),
      instructions: new EntryTable(idl.instructions),
      accounts: new EntryTable(idl.accounts),
    },
  ]),
);

/** The discriminator index of an Anchor program we decode, or undefined. */
export function anchorIndex(programId: string): ProgramIndex | undefined {
  return INDEX.get(programId);
}

/** The first program other than `programId` whose `section` knows the discriminator at `start` of `bytes`. */
export function otherOwner(
  programId: string,
  section: 'events' | 'instructions' | 'accounts',
  bytes: Uint8Array,
  start: number,
): AnchorProgram | undefined {
  for (const [id, index] of INDEX)
    if (id !== programId && index[section].find(bytes, start) !== undefined) return index.program;
  return undefined;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of the first 8 bytes (the Anchor discriminator). */
export function discriminatorOf(bytes: Uint8Array, start = 0): string {
  let hex = '';
  for (let i = start; i < start + 8; i++) hex += HEX[bytes[i]!];
  return hex;
}
