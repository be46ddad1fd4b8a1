import type { DecodeOutcome } from '../decode-warning.js';
import type { DecodedInstruction } from '../layout/anchor-programs.js';
import { decodeAnchorData } from '../layout/decode-anchor-data.js';

/** Decodes an Anchor instruction's data and names its accounts after the IDL, by program id first. */
export function decodeProgramInstruction(
  programId: string,
  data: Uint8Array,
  accounts: readonly string[],
): DecodeOutcome<DecodedInstruction> {
  const out = decodeAnchorData(programId, 'instructions', data);
  if (!out.ok) return out;
  const { program, name, fields, trailing_bytes } = out.value;
  const named: Record<string, string> = {};
  const names = out.value.accounts ?? [];
  for (let i = 0; i < names.length && i < accounts.length; i++) named[names[i]!] = accounts[i]!;
  return {
    ok: true,
    value: {
      program,
      name,
      fields,
      trailing_bytes,
      accounts: named,
      account_list: accounts,
    } as DecodedInstruction,
  };
}
