import type { DecodeOutcome } from '../decode-warning.js';
import type { DecodedAccount } from './anchor-programs.js';
import { decodeAnchorData } from './decode-anchor-data.js';

/** Decodes an Anchor account's data (8-byte discriminator + borsh body) owned by one of the programs we read. */
export function decodeProgramAccount(ownerId: string, data: Uint8Array): DecodeOutcome<DecodedAccount> {
  const out = decodeAnchorData(ownerId, 'accounts', data);
  if (!out.ok) return out;
  const { program, name, fields, trailing_bytes } = out.value;
  return { ok: true, value: { program, name, fields, trailing_bytes } as DecodedAccount };
}
