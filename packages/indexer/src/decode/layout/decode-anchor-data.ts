import type { DecodeOutcome } from '../decode-warning.js';
import { anchorIndex, discriminatorOf, otherOwner } from './anchor-programs.js';
import { decodeLayout } from './decode-layout.js';

/** What `decodeAnchorData` found: the entry's name, its fields (null when we do not read its layout). */
export interface AnchorData {
  readonly program: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, unknown>> | null;
  readonly trailing_bytes: number;
  readonly accounts: readonly string[] | undefined;
}

/** Decodes discriminator + borsh body of an event, instruction or account of an Anchor program, by program id first. */
export function decodeAnchorData(
  programId: string,
  section: 'events' | 'instructions' | 'accounts',
  bytes: Uint8Array,
  start = 0,
): DecodeOutcome<AnchorData> {
  const index = anchorIndex(programId);
  if (index === undefined) {
    return { ok: false, code: 'wrong_program', detail: `no IDL for program ${programId}` };
  }
  if (bytes.length - start < 8) {
    return { ok: false, code: 'truncated', detail: `${bytes.length - start} bytes, no discriminator` };
  }
  const entry = index[section].find(bytes, start);
  if (entry === undefined) {
    const discriminator = discriminatorOf(bytes, start);
    const owner = otherOwner(programId, section, bytes, start);
    return owner === undefined
      ? { ok: false, code: 'unknown_discriminator', detail: `${index.program} ${section} ${discriminator}` }
      : {
          ok: false,
          code: 'wrong_program',
          detail: `${discriminator} is a ${owner} ${section} discriminator, not ${index.program}`,
        };
  }
  if (entry.layout === undefined) {
    return {
      ok: true,
      value: {
        program: index.program,
        name: entry.name,
        fields: null,
        trailing_bytes: 0,
        accounts: entry.accounts,
      },
    };
  }
  const decoded = decodeLayout(entry.layout, bytes, start + 8);
  if (!decoded.ok) {
    return decoded.reason === 'invalid'
      ? { ok: false, code: 'invalid_value', detail: `${index.program} ${entry.name}: ${decoded.field}` }
      : {
          ok: false,
          code: 'truncated',
          detail: `${index.program} ${entry.name}: ${bytes.length - start} bytes end inside ${decoded.field}`,
        };
  }
  return {
    ok: true,
    value: {
      program: index.program,
      name: entry.name,
      fields: decoded.value,
      trailing_bytes: decoded.trailing_bytes,
      accounts: entry.accounts,
    },
  };
}
